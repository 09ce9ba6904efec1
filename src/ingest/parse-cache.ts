/**
 * The outputs of the ingest's steps, retained on disk with what each step looked at in the sources
 * folder (src/ingest/source-reads.ts): a step whose files, folders and code are unchanged is not
 * parsed again. A refresh that brings one changed file parses that file's step only, and a rebuild
 * from the same files parses nothing. An entry is reused only when every file it was read from has
 * the same content digest and the service's code is the same build; anything unreadable is a miss,
 * never a failed ingest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { writeFileAtomically } from '../db/atomic-file';
import { PROJECT_ROOT } from '../project-root';
import { sourceDigest } from '../source-digest.mjs';
import { looksStillHold, recordLooks, type SourceLooks } from './source-reads';

/** Files found sound that are remembered (empty marker files, the oldest dropped). */
const SOUND_FILES_RETAINED = 400;

/** Entries retained per step: the files of a few recent refreshes (and of tests' altered copies). */
const ENTRIES_PER_STEP = 4;

interface EntryHead {
  code: string;
  looks: SourceLooks;
}

let codeDigestMemo: string | null = null;

/**
 * The build that parses, with Node's version: the source digest the compiled service was built
 * from (dist/source-digest.txt), or that of src/ when run from source, so both share entries. Another
 * build never reuses an entry.
 */
function codeDigest(): string {
  if (codeDigestMemo) return codeDigestMemo;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'source-digest.txt');
  const source = path.basename(here) === 'dist' && fs.existsSync(built) ? fs.readFileSync(built, 'utf8').trim() : sourceDigest(PROJECT_ROOT);
  codeDigestMemo = `${process.version} ${source}`;
  return codeDigestMemo;
}

function stepDir(cacheDir: string, step: string): string {
  return path.join(cacheDir, step.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
}

/** The retained output of `step` whose looks still hold, newest first; null when none does. */
function lookUp<T>(dir: string, sourcesDir: string, code: string): T | null {
  if (!fs.existsSync(dir)) return null;
  const heads = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.looks.json'))
    .map((f) => ({ file: path.join(dir, f), at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of heads) {
    const head = JSON.parse(fs.readFileSync(file, 'utf8')) as EntryHead;
    if (head.code !== code || !looksStillHold(sourcesDir, head.looks)) continue;
    const output = v8.deserialize(fs.readFileSync(file.replace(/\.looks\.json$/, '.v8'))) as T;
    const now = new Date();
    fs.utimesSync(file, now, now);
    return output;
  }
  return null;
}

function keep(dir: string, code: string, looks: SourceLooks, output: unknown): void {
  const id = createHash('sha1').update(code).update(JSON.stringify(Object.entries(looks).sort())).digest('hex').slice(0, 20);
  writeFileAtomically(path.join(dir, `${id}.v8`), v8.serialize(output));
  writeFileAtomically(path.join(dir, `${id}.looks.json`), JSON.stringify({ code, looks } satisfies EntryHead));
  const heads = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.looks.json'))
    .map((f) => ({ name: f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of heads.slice(ENTRIES_PER_STEP)) {
    fs.rmSync(path.join(dir, name), { force: true });
    fs.rmSync(path.join(dir, name.replace(/\.looks\.json$/, '.v8')), { force: true });
  }
}

/**
 * `run`'s output for `step`: the retained one when its looks at `sourcesDir` still hold, else `run`'s
 * (then retained). `cacheDir` null: always `run`. `shared` are looks every step depends on (the
 * country table the resolver is built from).
 */
export function cachedStep<T>(
  cacheDir: string | null,
  step: string,
  sourcesDir: string,
  shared: SourceLooks,
  run: () => T,
): { output: T; fromCache: boolean } {
  if (!cacheDir) return { output: run(), fromCache: false };
  const dir = stepDir(cacheDir, step);
  let code: string;
  try {
    code = codeDigest();
    const cached = lookUp<T>(dir, sourcesDir, code);
    if (cached !== null) return { output: cached, fromCache: true };
  } catch {
    return { output: run(), fromCache: false };
  }
  const { value, looks } = recordLooks(run);
  try {
    keep(dir, code, { ...shared, ...looks }, value);
  } catch {
    // A cache that cannot be written only costs the next ingest a parse.
  }
  return { output: value, fromCache: false };
}

/**
 * `check`'s verdict on `data`: null (sound) without checking when this build found the same bytes
 * sound under the same rule before; a problem is never remembered, so a damaged file is checked
 * (and rejected) every time.
 */
export function checkedOnce<P>(cacheDir: string | null, rule: string, data: Uint8Array, check: () => P | null): P | null {
  if (!cacheDir) return check();
  let marker: string;
  try {
    marker = path.join(cacheDir, 'sound', createHash('sha1').update(codeDigest()).update(rule).update(data).digest('hex'));
    if (fs.existsSync(marker)) return null;
  } catch {
    return check();
  }
  const problem = check();
  if (problem === null) {
    try {
      fs.mkdirSync(path.dirname(marker), { recursive: true });
      fs.writeFileSync(marker, '');
      const markers = fs.readdirSync(path.dirname(marker));
      if (markers.length > SOUND_FILES_RETAINED) {
        const byAge = markers.map((m) => ({ m, at: fs.statSync(path.join(path.dirname(marker), m)).mtimeMs })).sort((a, b) => a.at - b.at);
        for (const { m } of byAge.slice(0, markers.length - SOUND_FILES_RETAINED)) fs.rmSync(path.join(path.dirname(marker), m), { force: true });
      }
    } catch {
      // Not remembered: checked again next time.
    }
  }
  return problem;
}
