import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT, projectFiles } from './helpers/paths';
import { LONGEST_FIRST, OWN_PROCESS } from './sequencer';

it('starts first only test files that exist (a renamed file would fall back to Vitest’s order unseen)', () => {
  const missing = LONGEST_FIRST.filter((file) => !fs.existsSync(path.join(PROJECT_ROOT, file)));
  expect(missing).toEqual([]);
});

it('places every file that runs a whole ingest or refresh round, or starts the service as a process', () => {
  // Each of these takes tens of seconds; one left in Vitest's order would run last, nearly alone.
  const long = /refreshSources\(|buildIsolated\(|'ingest'|startServe\(/;
  const unplaced = projectFiles('test')
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => file !== 'test/sequencer.test.ts')
    .filter((file) => long.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')))
    .filter((file) => !LONGEST_FIRST.includes(file) && !OWN_PROCESS.includes(file));
  expect(unplaced).toEqual([]);
});
