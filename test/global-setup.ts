/**
 * Builds the test database once per run with the real ingest from the real files in ../shared/data.
 * Tests get its folder with inject('dataDir') and start their own servers on it. Compiles the service
 * to dist/ first and builds the release with it, as production does (the compiled ingest takes a
 * third of the time the same code takes through vitest's transform).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT, SOURCES_DIR } from './helpers/paths';
import { TEST_RELEASE_DATE } from './helpers/dates';

declare module 'vitest' {
  export interface ProvidedContext {
    dataDir: string;
    /** The run's parse cache (TOURISM_PARSE_CACHE): ingests in tests parse only the files they changed. */
    parseCacheDir: string;
    /** The ingest's progress lines, as its log's `msg`s. */
    ingestLog: string[];
  }
}

interface TestRelease {
  dataDir: string;
  parseCacheDir: string;
  ingestLog: string[];
  users: number;
}

/** Built once per run: each vitest project calls its global setup, in the same process. */
const shared = globalThis as { tourismTestRelease?: TestRelease };

function buildTestRelease(): TestRelease {
  execFileSync(process.execPath, ['src/build.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-test-'));
  // Every ingest of the run (the CLI's through the environment, which test processes inherit) keeps
  // and reuses the steps' outputs here: an ingest whose files are those of the test release parses
  // nothing. Kept from run to run (entries name the source they were parsed by, so a change of the
  // code or the files is parsed again): a second run on the same machine parses only what changed.
  const parseCacheDir = process.env.TOURISM_PARSE_CACHE ?? path.join(os.tmpdir(), `tourism-test-parse-cache-${os.userInfo().uid}`);
  process.env.TOURISM_PARSE_CACHE = parseCacheDir;
  const output = execFileSync(process.execPath, ['dist/cli.js', 'ingest', '--sources', SOURCES_DIR], {
    cwd: PROJECT_ROOT,
    // debug: the build test reads the code/name decisions, which the ingest logs at that level.
    env: { ...process.env, DATA_DIR: dataDir, TOURISM_NOW: TEST_RELEASE_DATE, LOG_LEVEL: 'debug' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ingestLog = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
    .filter((msg) => msg !== '');
  return { dataDir, parseCacheDir, ingestLog, users: 0 };
}

export default function setup(project: TestProject): () => void {
  const release = (shared.tourismTestRelease ??= buildTestRelease());
  release.users++;
  project.provide('dataDir', release.dataDir);
  project.provide('parseCacheDir', release.parseCacheDir);
  project.provide('ingestLog', release.ingestLog);
  return () => {
    if (--release.users === 0) fs.rmSync(release.dataDir, { recursive: true, force: true });
  };
}
