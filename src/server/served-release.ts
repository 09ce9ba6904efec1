/**
 * The release a service answers from: each switch logged and counted, announced to webhook
 * subscribers (where this process sends them). A release holds its derived figures (computed at
 * ingest), so it is served at full speed as soon as it is open.
 */
import path from 'node:path';
import type { DataStore } from '../db/data-store';
import { loggedReleases } from '../db/release-log';
import { startHolidayRules } from '../graphql/holiday-rules';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { WebhookDispatcher } from './webhooks';

export function serveReleases(deps: { config: Config; store: DataStore; logger: Logger; log: (line: string) => void; metrics: Metrics; announce: boolean }) {
  const { config, store, logger, log, metrics } = deps;
  const served = { release: null as string | null };
  store.onSwitch((snapshot) => {
    const release = path.basename(snapshot.file, '.db');
    logger.info(
      { event: 'release_switch', release, previous: served.release, data_version: snapshot.dataVersion, data_as_of: snapshot.dataAsOf },
      `serving release ${release}`,
    );
    metrics.releaseServed(snapshot, release);
    served.release = release;
  });
  const webhooks = deps.announce ? new WebhookDispatcher({ dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl, settings: config.webhooks, logger }) : null;
  // Whatever built the release (an ingest, a refresh round, a release taken from RELEASE_FROM), its switch is what announces it.
  store.onSwitch((snapshot) => void webhooks?.released(() => loggedReleases(snapshot)));
  // The holiday rules' worker is started with the service, so no first holidays answer waits for it to load.
  startHolidayRules();
  return {
    webhooks,
    /** The file name of the release served now. */
    get release(): string | null {
      return served.release;
    },
  };
}
