/**
 * Explorer benchmark: each view of /explore opened in Debian's Chromium (playwright-core) against
 * the service in its own process, as a first visit (a new browser context: nothing cached) and
 * again (a reload: the bundle revalidated by its ETag). Prints, per view, the median over the
 * rounds of the load event and of the time until every part is drawn (the page's 'explorer-ready'
 * mark), then the goal: a first visit's load event within LOAD_GOAL_MS on every view.
 * Uses DATA_DIR when it holds a release, else builds one (./release); BENCH_ROUNDS (default 3)
 * first visits per view; BENCH_ONLY=text runs the views whose address holds it; CHROMIUM names
 * the browser (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { benchDataDir } from './release';
import { childServer } from './servers';

const KEY = 'bench-key-intel';
/** The goal: a first visit's load event within this many milliseconds, on every view. */
const LOAD_GOAL_MS = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const VIEWS = [
  '/explore',
  '/explore?q=spain%20nights',
  '/explore/countries/ES',
  '/explore/series/dk.arrivals.total.m',
  '/explore/compare?series=ES,fr.arrivals.total.m,dk.nights.total.m',
];

interface Visit {
  loadMs: number;
  readyMs: number;
}

const TIMING = `(() => ({ loadMs: performance.getEntriesByType('navigation')[0].loadEventEnd, readyMs: performance.getEntriesByName('explorer-ready')[0].startTime }))()`;

/** One first visit of `view` in a fresh context, then a reload: the load event and the drawn time of each. */
async function visit(browser: Browser, url: string): Promise<{ first: Visit; again: Visit }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript((k) => localStorage.setItem('tourism-api-key', k), KEY);
    const page = await context.newPage();
    const loaded = async (): Promise<Visit> => {
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      return page.evaluate(TIMING);
    };
    await page.goto(url);
    const first = await loaded();
    await page.reload();
    const again = await loaded();
    return { first, again };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed (Debian package chromium; or set CHROMIUM)`);
  const dir = await benchDataDir();
  const app = await childServer('child', ['app', dir, KEY, 'on']);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const slowest: number[] = [];
  try {
    // A newly launched browser's first tab also starts its renderer: opened once, not timed.
    const blank = await browser.newPage();
    await blank.goto('about:blank');
    await blank.close();
    const views = VIEWS.filter((v) => v.includes(ONLY));
    console.log(`\nExplorer views, median of ${ROUNDS} first visits (a new context each) and of the reload after each: load event, then every part drawn`);
    for (const view of views) {
      const visits: { first: Visit; again: Visit }[] = [];
      for (let round = 0; round < ROUNDS; round++) visits.push(await visit(browser, `${app.url}${view}`));
      const of = (pick: (v: { first: Visit; again: Visit }) => number) => median(visits.map(pick));
      const load = of((v) => v.first.loadMs);
      slowest.push(Math.max(...visits.map((v) => v.first.loadMs)));
      console.log(
        `${view.padEnd(64)} first: load ${ms(load)}, drawn ${ms(of((v) => v.first.readyMs))}   again: load ${ms(of((v) => v.again.loadMs))}, drawn ${ms(of((v) => v.again.readyMs))}`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const worst = Math.max(...slowest);
  console.log(`\nGoal: a first visit's load event within ${LOAD_GOAL_MS} ms on every view: ${worst <= LOAD_GOAL_MS ? 'met' : 'not met'} (slowest ${worst.toFixed(0)} ms)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
