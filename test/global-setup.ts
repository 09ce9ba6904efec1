/**
 * Builds the test database once per run with the real ingest from the real files in ../shared/data.
 * Tests get its folder with inject('dataDir') and start their own servers on it. Also compiles the
 * service to dist/, which the tests that start it as a process run (as production does).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRelease } from '../src/ingest/build';
import { PROJECT_ROOT, SOURCES_DIR } from './helpers/paths';
import { TEST_RELEASE_DATE } from './helpers/dates';

declare module 'vitest' {
  export interface ProvidedContext {
    dataDir: string;
    ingestLog: string[];
  }
}

export default function setup(project: TestProject): () => void {
  execFileSync(process.execPath, ['src/build.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-test-'));
  const lines: string[] = [];
  buildRelease({ sourcesDir: SOURCES_DIR, dataDir, now: new Date(TEST_RELEASE_DATE), log: (l) => lines.push(l) });
  project.provide('dataDir', dataDir);
  project.provide('ingestLog', lines);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
