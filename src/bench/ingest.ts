/** Times a full ingest of the sources folder (TOURISM_SOURCES or ../shared/data) into a scratch DATA_DIR. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRelease } from '../ingest/build';

const sources = process.env.TOURISM_SOURCES ?? path.resolve('../shared/data');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-ingest-bench-'));
try {
  const first = await buildRelease({ sourcesDir: sources, dataDir, log: (l) => console.log(l) });
  const again = await buildRelease({ sourcesDir: sources, dataDir, now: new Date(Date.now() + 60_000) });
  console.log(`\nFull ingest: ${first.seconds.toFixed(1)} s for ${first.series} series, ${first.observations} observations, ${first.countries} countries.`);
  console.log(`Re-run on the same files: ${again.seconds.toFixed(1)} s, ${again.revisions} revisions, ${again.newPoints} new figures (${again.written ? 'new release written' : 'served release kept, no new file'}).`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
