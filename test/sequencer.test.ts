import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths';
import { LONGEST_FIRST } from './sequencer';

it('starts first only test files that exist (a renamed file would fall back to Vitest’s order unseen)', () => {
  const missing = LONGEST_FIRST.filter((file) => !fs.existsSync(path.join(PROJECT_ROOT, file)));
  expect(missing).toEqual([]);
});
