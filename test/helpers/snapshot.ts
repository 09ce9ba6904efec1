/** The test release opened in-process, for the tests of one file: opened before them, closed after. */
import { afterAll, beforeAll, inject } from 'vitest';
import { DataStore, type Snapshot } from '../../src/db/data-store';

export function withTestSnapshot(): { readonly snapshot: Snapshot } {
  let store: DataStore;
  let snapshot: Snapshot;
  beforeAll(async () => {
    store = new DataStore(inject('dataDir'));
    snapshot = (await store.refresh())!;
  });
  afterAll(async () => store?.close());
  return {
    get snapshot() {
      return snapshot;
    },
  };
}
