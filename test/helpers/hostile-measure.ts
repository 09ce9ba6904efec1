/**
 * Measures `node dist/cli.js refresh` of a build against each hostile file of
 * test/helpers/hostile-files.ts, served by the stand-in publisher: the round's wall time, the peak
 * resident memory of its process tree (the CLI and any parsing process, from /proc every 100 ms),
 * its exit, whether refresh.lock was left, and what sources.json says of the hostile source. A round
 * is stopped at 120 s or 3 GB. The figures are in docs/performance.md.
 *
 *   npx tsx test/helpers/hostile-measure.ts <project root with dist/> [case …]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bombWorkbook, hostileXls, tabLineGzip, topicWorkbook } from './hostile-files';
import { startStandInPublisher, type Misbehaviour, type StandInPublisher } from './publisher';
import { SOURCES_DIR } from './paths';

const root = path.resolve(process.argv[2] ?? '.');
const only = process.argv.slice(3);
const STOP_MS = 120_000;
const STOP_MB = 3072;

/** The resident memory of a process and its descendants, in MB. */
function treeMb(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        for (const c of fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(c));
      }
    } catch {
      // Gone between the reads.
    }
  };
  visit(pid);
  return total;
}

function refresh(dataDir: string, publisher: StandInPublisher, env: Record<string, string> = {}): Promise<{ code: string; seconds: number; peakMb: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'dist/cli.js'), 'refresh'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, TOURISM_PUBLISHER_MIRROR: publisher.url, TOURISM_SOURCES: SOURCES_DIR, TOURISM_PARSE_CACHE: path.join(dataDir, 'parsed'), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    let peakMb = 0;
    let stopped = '';
    const watch = setInterval(() => {
      peakMb = Math.max(peakMb, treeMb(child.pid ?? 0));
      const over = performance.now() - started > STOP_MS ? `stopped at ${STOP_MS / 1000} s` : peakMb > STOP_MB ? `stopped at ${STOP_MB} MB` : '';
      if (over && !stopped) {
        stopped = over;
        child.kill('SIGKILL');
      }
    }, 100);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      const fatal = /FATAL ERROR: [^\n]+|Fatal JavaScript [^\n]+/.exec(stderr)?.[0];
      resolve({ code: stopped || (fatal ? `rc ${code ?? signal}: ${fatal}` : `rc ${code ?? signal}`), seconds: (performance.now() - started) / 1000, peakMb });
    });
  });
}

type Case = { name: string; source: string; bodies?: (p: StandInPublisher) => Record<string, Buffer>; misbehave?: (p: StandInPublisher) => [string, Misbehaviour]; env?: Record<string, string> };

const NIGHTS = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true';
const BRENT_MONTHLY = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data/brent-monthly.csv';
const JET_WEEKLY = 'https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls';
const ECB = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';
const UN_TOURISM_PAGE = 'https://www.unwto.org/tourism-statistics/key-tourism-statistics';

const CASES: Case[] = [
  { name: '1 xlsx <dimension> A1:XFD1048576', source: 'unwto/inbound_arrivals_by_purpose', bodies: (p) => ({ [p.fileAddress('unwto/inbound_arrivals_by_purpose')]: topicWorkbook('', '<dimension ref="A1:XFD1048576"/>', false) }) },
  {
    name: '1 xlsx cell at XFD1048576',
    source: 'unwto/inbound_arrivals_by_transport',
    bodies: (p) => ({ [p.fileAddress('unwto/inbound_arrivals_by_transport')]: topicWorkbook('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>') }),
  },
  { name: '1 xls DIMENSIONS + cell at IV65536', source: 'eia/jet-fuel-weekly', bodies: () => ({ [JET_WEEKLY]: hostileXls('Data 1') }) },
  { name: '2 gzip 244 kB → 250,000,000 tabs', source: 'eurostat/tour_occ_nim', bodies: () => ({ [NIGHTS]: tabLineGzip() }) },
  {
    name: '2 CSV line of 200 MB of commas',
    source: 'eia/brent-monthly',
    bodies: () => ({ [BRENT_MONTHLY]: Buffer.concat([Buffer.from('Date,Price\n'), Buffer.alloc(200_000_000, ','), Buffer.from('\n')]) }),
  },
  { name: '4 xlsx 8 MB declaring 1 MB → 8 GiB', source: 'unwto/inbound_expenditure', bodies: (p) => ({ [p.fileAddress('unwto/inbound_expenditure')]: bombWorkbook() }) },
  {
    name: '4 page of links, 200 MB',
    source: 'unwto/all-data',
    misbehave: () => [UN_TOURISM_PAGE, { kind: 'stream', chunk: Buffer.from('<li><a href="https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2026-05/x.pdf">x</a></li>\n'), bytes: 200_000_000, everyMs: 0 }],
  },
  {
    name: '6 drip feed, 1 byte/s (source deadline 30 s)',
    source: 'ecb/eurofxref-hist',
    misbehave: () => [ECB, { kind: 'stream', chunk: Buffer.from('x'), bytes: 1_000_000, everyMs: 1000 }],
    env: { TOURISM_SOURCE_DEADLINE_SECONDS: '30' },
  },
];

const publisher = await startStandInPublisher();
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tourism-measure-'));
try {
  const clean = path.join(base, 'clean');
  const first = await refresh(clean, publisher);
  console.log(`clean first round: ${first.code}, ${first.seconds.toFixed(1)} s, peak ${Math.round(first.peakMb)} MB`);
  for (const c of CASES.filter((x) => only.length === 0 || only.some((o) => x.name.startsWith(o)))) {
    const dataDir = path.join(base, 'case');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.cpSync(clean, dataDir, { recursive: true });
    const bodies = c.bodies?.(publisher) ?? {};
    const originals = Object.fromEntries(Object.keys(bodies).map((a) => [a, publisher.read(a)]));
    for (const [a, b] of Object.entries(bodies)) publisher.put(a, b);
    const how = c.misbehave?.(publisher);
    if (how) publisher.misbehave(how[0], how[1]);
    const run = await refresh(dataDir, publisher, c.env);
    if (how) publisher.misbehave(how[0], null);
    for (const [a, b] of Object.entries(originals)) publisher.put(a, b);
    let state = 'sources.json not written';
    try {
      const s = JSON.parse(fs.readFileSync(path.join(dataDir, 'sources.json'), 'utf8')).sources[c.source];
      state = `${s.state}: ${String(s.reason).slice(0, 200)}`;
    } catch {
      // Left as not written.
    }
    const lock = fs.existsSync(path.join(dataDir, 'refresh.lock')) ? 'lock left' : 'lock released';
    console.log(`| ${c.name} | ${run.code} | ${run.seconds.toFixed(1)} s | ${Math.round(run.peakMb)} MB | ${lock} | ${state} |`);
  }
} finally {
  await publisher.close();
  fs.rmSync(base, { recursive: true, force: true });
}
