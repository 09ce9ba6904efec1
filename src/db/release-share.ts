/**
 * Release distribution: the ingest runs once, and every replica takes the built release file from a
 * shared place (RELEASE_FROM: a directory or an HTTP(S) base URL) instead of ingesting itself.
 * The place holds releases/<file> and release.json naming the release to serve with its SHA-256;
 * a replica copies the file beside its own releases, checks the digest, and only then switches its
 * DATA_DIR/CURRENT (an atomic rename, as after a local ingest). The release's bulk files travel with
 * it (releases/<version>/<name>, each named in release.json with its SHA-256), so every replica
 * serves the same bytes under the same ETag and none spends its CPU writing them again; a manifest
 * naming none (a store published before bulk files existed) gives a replica a release without them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { currentReleaseFile, publishRelease, pruneReleases, releasesDir } from './release-store';
import { bulkDir, bulkType, readBulkManifest, type BulkManifest } from './bulk-files';

export interface ReleaseManifest {
  /** The release file's name under releases/. */
  file: string;
  /** SHA-256 of the file, hex. */
  sha256: string;
  bytes: number;
  /** The release's bulk files (releases/<version>/<name>) with their digests; absent when it has none. */
  bulk?: { name: string; sha256: string; bytes: number }[];
}

const MANIFEST = 'release.json';
const SAFE_NAME = /^[\w.-]+\.db$/;
const SAFE_BULK_NAME = /^[\w-]+(\.[\w-]+)+$/;
const BULK_MANIFEST = 'bulk.json';

const isUrl = (source: string) => /^https?:\/\//i.test(source);
const join = (source: string, ...parts: string[]) => (isUrl(source) ? `${source.replace(/\/+$/, '')}/${parts.join('/')}` : path.join(source, ...parts));

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Copies the release DATA_DIR serves into a shared directory and names it there, for replicas to take. */
export async function shareRelease(dataDir: string, target: string): Promise<ReleaseManifest> {
  const file = currentReleaseFile(dataDir);
  if (!file) throw new Error(`no release in ${dataDir} to publish`);
  const name = path.basename(file);
  const bulk = readBulkManifest(file);
  const manifest: ReleaseManifest = {
    file: name,
    sha256: await sha256Of(file),
    bytes: fs.statSync(file).size,
    ...(bulk ? { bulk: bulk.files.map((f) => ({ name: f.name, sha256: f.sha256, bytes: f.bytes })) } : {}),
  };
  fs.mkdirSync(path.join(target, 'releases'), { recursive: true });
  const dest = path.join(target, 'releases', name);
  await copyChecked(file, dest, manifest.sha256);
  if (bulk) {
    const dir = bulkDir(dest);
    fs.mkdirSync(dir, { recursive: true });
    for (const f of bulk.files) await copyChecked(path.join(bulkDir(file), f.name), path.join(dir, f.name), f.sha256);
    fs.copyFileSync(path.join(bulkDir(file), BULK_MANIFEST), path.join(dir, BULK_MANIFEST));
  }
  // The manifest is replaced by a rename, so a replica reads the old one or the new one, whole.
  const tmp = path.join(target, `${MANIFEST}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, `${JSON.stringify(manifest)}\n`);
  fs.renameSync(tmp, path.join(target, MANIFEST));
  return manifest;
}

/** Copies a file to a shared place unless the same bytes are there, through a temporary name. */
async function copyChecked(from: string, to: string, sha256: string): Promise<void> {
  if (fs.existsSync(to) && (await sha256Of(to)) === sha256) return;
  const tmp = `${to}.${process.pid}.part`;
  fs.copyFileSync(from, tmp);
  fs.renameSync(tmp, to);
}

export async function readManifest(source: string): Promise<ReleaseManifest> {
  const text = isUrl(source)
    ? await fetch(join(source, MANIFEST), { signal: AbortSignal.timeout(5000) }).then((res) => {
        if (!res.ok) throw new Error(`${join(source, MANIFEST)} answered ${res.status}`);
        return res.text();
      })
    : fs.readFileSync(join(source, MANIFEST), 'utf8');
  const m = JSON.parse(text) as Partial<ReleaseManifest>;
  if (typeof m.file !== 'string' || !SAFE_NAME.test(m.file) || typeof m.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(m.sha256)) {
    throw new Error(`${join(source, MANIFEST)} does not name a release file with its SHA-256`);
  }
  const bulk = Array.isArray(m.bulk)
    ? m.bulk.filter((f) => f && typeof f.name === 'string' && SAFE_BULK_NAME.test(f.name) && f.name !== BULK_MANIFEST && /^[0-9a-f]{64}$/.test(String(f.sha256)))
    : undefined;
  return { file: m.file, sha256: m.sha256, bytes: Number(m.bytes) || 0, ...(bulk ? { bulk } : {}) };
}

async function openSource(source: string, name: string): Promise<Readable> {
  if (!isUrl(source)) return fs.createReadStream(join(source, ...name.split('/')));
  const res = await fetch(join(source, name), { signal: AbortSignal.timeout(120_000) });
  if (!res.ok || !res.body) throw new Error(`${join(source, name)} answered ${res.status}`);
  return Readable.from(chunksOf(res.body));
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** Copies one published file (a path under the source) to `dest`, rejecting bytes whose SHA-256 differs. */
async function fetchChecked(source: string, name: string, dest: string, sha256: string): Promise<void> {
  if (fs.existsSync(dest) && (await sha256Of(dest)) === sha256) return;
  const tmp = `${dest}.${process.pid}.part`;
  const hash = createHash('sha256');
  const digest = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(await openSource(source, name), digest, fs.createWriteStream(tmp));
    const got = hash.digest('hex');
    if (got !== sha256) throw new Error(`${name} from ${source}: SHA-256 ${got} is not the published ${sha256}`);
    fs.renameSync(tmp, dest);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * The release's bulk files, each checked against release.json, into a temporary folder renamed into
 * place, with the bulk manifest written from what was checked.
 */
async function takeBulkFiles(source: string, manifest: ReleaseManifest, releaseFile: string): Promise<void> {
  const dir = bulkDir(releaseFile);
  const existing = readBulkManifest(releaseFile);
  const want = manifest.bulk ?? [];
  if (existing && want.every((f) => existing.files.some((e) => e.name === f.name && e.sha256 === f.sha256))) return;
  const tmp = `${dir}.${process.pid}.part`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  try {
    const version = manifest.file.replace(/\.db$/, '');
    for (const f of want) await fetchChecked(source, `releases/${version}/${f.name}`, path.join(tmp, f.name), f.sha256);
    const bulk: BulkManifest = {
      release: version,
      files: want.map((f) => ({ name: f.name, type: bulkType(f.name), bytes: fs.statSync(path.join(tmp, f.name)).size, sha256: f.sha256 })),
    };
    fs.writeFileSync(path.join(tmp, BULK_MANIFEST), `${JSON.stringify(bulk)}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Takes the release the source names, unless it is the one served. Returns true when CURRENT now
 * names a newly taken release. A file whose digest differs from the manifest's is rejected.
 */
export async function takeRelease(source: string, dataDir: string, log: (line: string) => void = () => {}): Promise<boolean> {
  const manifest = await readManifest(source);
  const current = currentReleaseFile(dataDir);
  if (current && path.basename(current) === manifest.file) return false;
  fs.mkdirSync(releasesDir(dataDir), { recursive: true });
  const dest = path.join(releasesDir(dataDir), manifest.file);
  await fetchChecked(source, `releases/${manifest.file}`, dest, manifest.sha256);
  if (manifest.bulk) await takeBulkFiles(source, manifest, dest);
  publishRelease(dataDir, dest);
  pruneReleases(dataDir);
  log(`Release ${manifest.file} taken from ${source}`);
  return true;
}

/**
 * Keeps DATA_DIR on the release the source names: looks every few seconds, and at once when told
 * (a release announced on Redis). One check runs at a time; a call during a check runs one more after it.
 */
export class ReleaseFollower {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private lastError = '';

  constructor(
    private readonly source: string,
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
    private readonly onTaken: () => void,
  ) {}

  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          if (await takeRelease(this.source, this.dataDir, this.log)) this.onTaken();
          this.lastError = '';
        } catch (err) {
          // Logged once per distinct failure: the source may be away for a while.
          const message = (err as Error).message;
          if (message !== this.lastError) this.log(`release: ${message}`);
          this.lastError = message;
        }
      } while (this.again);
    })().finally(() => (this.running = null));
    return this.running;
  }

  start(intervalMs = 5000): void {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
