/** The parse cache reuses a step's output only while every look the step took sees the same thing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cachedStep, checkedOnce } from '../../src/ingest/parse-cache';
import { sourceDigest } from '../../src/source-digest.mjs';
import { PROJECT_ROOT } from '../helpers/paths';
import { listSource, readSourceText, recordLooks, sourceExists } from '../../src/ingest/source-reads';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-parse-cache-'));
const sources = path.join(root, 'sources');
const cache = path.join(root, 'parsed');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A step as the connectors are: the newest file of a folder, read whole, and a file read when present. */
function step(): { runs: number; output: () => { newest: string; text: string; extra: string | null } } {
  const counter = { runs: 0, output: () => ({ newest: '', text: '', extra: null as string | null }) };
  counter.output = () => {
    counter.runs++;
    const newest = listSource(sources, 'figures').map((e) => e.name).at(-1)!;
    const extra = sourceExists(sources, 'extra.csv') ? readSourceText(sources, 'extra.csv') : null;
    return { newest, text: readSourceText(sources, `figures/${newest}`), extra };
  };
  return counter;
}

it('reuses an output until a file read, a folder listed or a file looked for changes', () => {
  fs.mkdirSync(path.join(sources, 'figures'), { recursive: true });
  fs.writeFileSync(path.join(sources, 'figures', '2024.csv'), 'a,1\n');
  fs.writeFileSync(path.join(sources, 'codes.csv'), 'ES\n');
  const { looks: shared } = recordLooks(() => readSourceText(sources, 'codes.csv'));
  const s = step();
  const run = () => cachedStep(cache, 'Figures', sources, shared, s.output);

  expect(run()).toMatchObject({ fromCache: false, output: { newest: '2024.csv', text: 'a,1\n', extra: null } });
  expect(run()).toMatchObject({ fromCache: true, output: { newest: '2024.csv', text: 'a,1\n' } });
  expect(s.runs).toBe(1);

  // The same bytes written again: still reused. Other bytes: parsed again.
  fs.writeFileSync(path.join(sources, 'figures', '2024.csv'), 'a,1\n');
  expect(run().fromCache).toBe(true);
  fs.writeFileSync(path.join(sources, 'figures', '2024.csv'), 'a,2\n');
  expect(run()).toMatchObject({ fromCache: false, output: { text: 'a,2\n' } });

  // A new file in the folder listed, a file that appears where the step looked, the shared table changed.
  fs.writeFileSync(path.join(sources, 'figures', '2025.csv'), 'b,1\n');
  expect(run()).toMatchObject({ fromCache: false, output: { newest: '2025.csv' } });
  fs.writeFileSync(path.join(sources, 'extra.csv'), 'x\n');
  expect(run()).toMatchObject({ fromCache: false, output: { extra: 'x\n' } });
  expect(run().fromCache).toBe(true);
  fs.writeFileSync(path.join(sources, 'codes.csv'), 'FR\n');
  expect(run().fromCache).toBe(false);
  expect(s.runs).toBe(5);

  // An earlier state of the files is still held (a few entries a step), and reused when it comes back.
  fs.writeFileSync(path.join(sources, 'codes.csv'), 'ES\n');
  expect(run().fromCache).toBe(true);

  // A copy of the folder elsewhere looks the same: paths are relative.
  const copy = path.join(root, 'copy');
  fs.cpSync(sources, copy, { recursive: true });
  expect(cachedStep(cache, 'Figures', copy, shared, s.output).fromCache).toBe(true);

  // Without a cache folder, always parsed.
  expect(cachedStep(null, 'Figures', sources, shared, s.output).fromCache).toBe(false);
});

it('remembers a sound file, never a damaged one', () => {
  let checks = 0;
  const check = (data: Buffer) => () => (checks++, data.includes('broken') ? 'damaged' : null);
  const good = Buffer.from('fine');
  const bad = Buffer.from('broken');
  expect(checkedOnce(cache, 'rule', good, check(good))).toBeNull();
  expect(checkedOnce(cache, 'rule', good, check(good))).toBeNull();
  expect(checks).toBe(1);
  expect(checkedOnce(cache, 'another rule', good, check(good))).toBeNull();
  expect(checks).toBe(2);
  expect(checkedOnce(cache, 'rule', bad, check(bad))).toBe('damaged');
  expect(checkedOnce(cache, 'rule', bad, check(bad))).toBe('damaged');
  expect(checks).toBe(4);
});

it('the compiled service names the source it was built from as the source run directly does', () => {
  // The test run compiled dist/ from this source: both share kept outputs.
  expect(fs.readFileSync(path.join(PROJECT_ROOT, 'dist/source-digest.txt'), 'utf8').trim()).toBe(sourceDigest(PROJECT_ROOT));
});
