/**
 * Every look the connectors take at the sources folder (a file read, whether a file is there, a
 * folder's names) goes through here, so that what a step's output came from is known: the parse
 * cache (src/ingest/parse-cache.ts) reuses an output only while each of those looks would see the
 * same thing. Paths are relative to the sources folder, so a copy of the folder looks the same.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What one step looked at, each look with what it saw: a content digest, '1'/'0', or a folder's names. */
export type SourceLooks = Record<string, string>;

let recording: SourceLooks | null = null;

/** Runs `work` and returns what it looked at in the sources folder with its result. */
export function recordLooks<T>(work: () => T): { value: T; looks: SourceLooks } {
  const outer = recording;
  const looks: SourceLooks = {};
  recording = looks;
  try {
    return { value: work(), looks };
  } finally {
    recording = outer;
    if (outer) Object.assign(outer, looks);
  }
}

export function digestOf(data: Uint8Array): string {
  return createHash('sha1').update(data).digest('hex');
}

/** Told of each file as it is read (the parsing process tells its parent, which names the file if the process dies). */
let onRead: ((file: string) => void) | null = null;

export function watchReads(listener: ((file: string) => void) | null): void {
  onRead = listener;
}

/** Says a file is about to be read (see watchReads). */
export function announceRead(file: string): void {
  onRead?.(file);
}

export function readSource(sourcesDir: string, file: string): Buffer {
  onRead?.(file);
  const data = fs.readFileSync(path.join(sourcesDir, file));
  if (recording) recording[`read:${file}`] = digestOf(data);
  return data;
}

export function readSourceText(sourcesDir: string, file: string, encoding: BufferEncoding = 'utf8'): string {
  return readSource(sourcesDir, file).toString(encoding);
}

export function sourceExists(sourcesDir: string, file: string): boolean {
  const there = fs.existsSync(path.join(sourcesDir, file));
  if (recording) recording[`exists:${file}`] = there ? '1' : '0';
  return there;
}

export interface SourceEntry {
  name: string;
  isDirectory: boolean;
}

/** A folder's entries, sorted by name; none when the folder is missing. */
export function listSource(sourcesDir: string, dir: string): SourceEntry[] {
  const entries = entriesOf(path.join(sourcesDir, dir));
  if (recording) recording[`list:${dir}`] = listingKey(entries);
  return entries;
}

function entriesOf(full: string): SourceEntry[] {
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .map((d) => ({ name: d.name, isDirectory: d.isDirectory() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listingKey(entries: readonly SourceEntry[]): string {
  return entries.map((e) => (e.isDirectory ? `${e.name}/` : e.name)).join('\n');
}

/** Digests by file identity, so a file several steps read is hashed once per process. */
const digests = new Map<string, string>();

function currentDigest(full: string): string | null {
  const stat = fs.statSync(full, { bigint: true, throwIfNoEntry: false });
  if (!stat?.isFile()) return null;
  const identity = `${full}\0${stat.dev}\0${stat.ino}\0${stat.size}\0${stat.mtimeNs}`;
  let digest = digests.get(identity);
  if (digest === undefined) {
    digest = digestOf(fs.readFileSync(full));
    digests.set(identity, digest);
  }
  return digest;
}

/** Whether each look would see today what it saw when it was recorded. */
export function looksStillHold(sourcesDir: string, looks: SourceLooks): boolean {
  for (const [look, saw] of Object.entries(looks)) {
    const colon = look.indexOf(':');
    const kind = look.slice(0, colon);
    const target = look.slice(colon + 1);
    const full = path.join(sourcesDir, target);
    const now =
      kind === 'read'
        ? currentDigest(full)
        : kind === 'exists'
          ? fs.existsSync(full)
            ? '1'
            : '0'
          : listingKey(entriesOf(full));
    if (now !== saw) return false;
  }
  return true;
}
