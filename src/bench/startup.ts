/**
 * Times a process opening a release up to the first answers of the heavy endpoints: a country's
 * detail (rivals, statistics), /v1/gaps, a brief and a series search. The release's derived figures
 * are read from the release file, so the first answers should come as fast as later ones. Goal:
 * full speed within 1 s of opening the release. DATA_DIR when it holds a release, else one built
 * from TOURISM_SOURCES or ../shared/data.
 */
import { loadConfig } from '../server/config';
import { startApp } from '../server/app';
import { createLogger } from '../server/logger';
import { benchDataDir } from './release';

const KEY = 'bench-startup-key';
const FIRST_ANSWERS = ['/v1/countries/ES', '/v1/gaps', '/v1/countries/ES/brief', '/v1/series/search?q=arrivals%20japan'];
const GOAL_MS = 1000;

async function timedGet(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'X-API-Key': KEY } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: res.status, bytes };
}

async function main(): Promise<void> {
  const dir = await benchDataDir();
  const config = loadConfig({ ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', TOURISM_API_KEYS: `intel:${KEY}` });
  const started = performance.now();
  const app = await startApp({ config, rates: 'intel:100000000', log: () => {}, logger: createLogger({ level: 'silent' }) });
  const open = performance.now() - started;
  console.log(`Release opened and listening: ${open.toFixed(0)} ms (start to ready, /readyz 200 from here)`);
  const first: { path: string; ms: number }[] = [];
  for (const path of FIRST_ANSWERS) {
    const { ms, status, bytes } = await timedGet(`${app.url}${path}`);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    first.push({ path, ms });
    console.log(`  first ${path}: ${ms.toFixed(0)} ms (${bytes} bytes)`);
  }
  const total = open + first.reduce((sum, f) => sum + f.ms, 0);
  // The same paths again with a query string the result cache has not seen: the service's steady speed.
  for (const path of FIRST_ANSWERS) {
    const again = `${path}${path.includes('?') ? '&' : '?'}_=${Date.now()}`;
    const { ms } = await timedGet(`${app.url}${again}`);
    console.log(`  later ${path}: ${ms.toFixed(0)} ms`);
  }
  console.log(`\nStart to the first answers of all four: ${total.toFixed(0)} ms (goal: under ${GOAL_MS} ms${total < GOAL_MS ? ', met' : ', NOT met'}).`);
  await app.close();
}

// The holiday worker would hold the process open until it idles out.
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
