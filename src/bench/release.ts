/** The release a benchmark runs on: DATA_DIR when it holds one, else one built from TOURISM_SOURCES or ../shared/data. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentReleaseFile } from '../db/release-store';
import { buildRelease } from '../ingest/build';

export async function benchDataDir(): Promise<string> {
  const configured = process.env.DATA_DIR;
  if (configured && currentReleaseFile(configured)) return configured;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-bench-'));
  const sources = process.env.TOURISM_SOURCES ?? path.resolve('../shared/data');
  console.log(`Building a release from ${sources} …`);
  await buildRelease({ sourcesDir: sources, dataDir: dir });
  return dir;
}
