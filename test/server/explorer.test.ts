/**
 * The explorer (/explore) in a real browser (Debian's chromium through playwright-core) on the real
 * test release: each view with a real key, the figures drawn (tables and text alternatives) against
 * the API's own answers, the downloads against /v1, no request beyond this server, and each page's
 * script weight. How fast a first visit loads is a goal of `npm run bench:explorer`, not of this
 * file. Screenshots go to test-output/explore-*.png.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { indexToBaseYear } from '../../src/domain/baseline';
import { primarySeries } from '../../src/domain/country-summary';
import { vsBaselinePct } from '../../src/domain/yoy';
import { MARK_STYLE } from '../../src/explorer-ui/chart-spec';
import { foreignRequests, withServerAndBrowser } from '../helpers/browser';
import { TEST_OUTPUT_DIR } from '../helpers/paths';
import { systemPython } from '../helpers/system';
import { KEYS } from '../helpers/server';

const env = withServerAndBrowser();
const runFile = promisify(execFile);

/** The budget of a page: script bytes on the wire and decoded. */
const SCRIPT_BUDGET_BYTES = 200_000;

interface Opened {
  page: Page;
  foreign: string[];
}

/** Opens a view with `key` in the browser's storage (none: null), waits until every part is drawn, and checks its script weight. */
async function open(view: string, key: string | null = KEYS.intel, viewport = { width: 1280, height: 900 }): Promise<Opened> {
  const page = await env.browser.newPage({ viewport, acceptDownloads: true });
  if (key) await page.addInitScript((k) => localStorage.setItem('tourism-api-key', k), key);
  const foreign = foreignRequests(page, new URL(env.server.url).origin);
  const scripts: Promise<{ transferred: number; decoded: number }>[] = [];
  let firstVisit = true;
  page.on('response', (response) => {
    if (!firstVisit || response.request().resourceType() !== 'script') return;
    scripts.push(Promise.all([response.request().sizes(), response.body()]).then(([sizes, body]) => ({ transferred: sizes.responseBodySize + sizes.responseHeadersSize, decoded: body.length })));
  });
  await page.goto(`${env.server.url}${view}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  const sizes = await Promise.all(scripts);
  firstVisit = false;
  const transferred = sizes.reduce((a, s) => a + s.transferred, 0);
  expect(transferred).toBeGreaterThan(0);
  expect(transferred).toBeLessThan(SCRIPT_BUDGET_BYTES);
  expect(sizes.reduce((a, s) => a + s.decoded, 0)).toBeLessThan(SCRIPT_BUDGET_BYTES);
  return { page, foreign };
}

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(TEST_OUTPUT_DIR, name), fullPage: true });
}

interface Cell {
  key: string;
  value: string | null;
  text: string;
}

/** The body rows of the tables under `selector`, cell by cell: data-key, data-value (numbers) and text. */
async function tableRows(page: Page, selector: string): Promise<Cell[][]> {
  return page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(`${selector} tbody tr`)})].map((tr) => [...tr.children].map((c) => ({ key: c.dataset.key, value: c.hasAttribute('data-value') ? c.dataset.value : null, text: c.textContent })))`,
  );
}

const cellOf = (row: Cell[], key: string) => row.find((c) => c.key === key);
const numberIn = (cell: Cell | undefined) => (cell?.value === '' || cell?.value == null ? null : Number(cell.value));

async function api(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const { status, body } = await env.server.graphql(query, variables, 'intel');
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

describe('/explore', () => {
  it('without a key says how to get one and shows no figures; a key pasted once is kept', async () => {
    const { page, foreign } = await open('/explore', null);
    expect(await page.locator('#no-key').innerText()).toContain('Getting a key');
    expect(await page.locator('#no-key a[href="/docs/guides/keys"]').count()).toBe(1);
    expect(await page.locator('#world').count()).toBe(0);
    expect(await page.locator('table').count()).toBe(0);
    await screenshot(page, 'explore-no-key.png');
    await page.fill('#api-key', KEYS.developer);
    await page.click('#key-form button[type=submit]');
    await page.waitForSelector('#world[data-state="ready"]', { timeout: 30_000 });
    expect(await page.evaluate(`localStorage.getItem('tourism-api-key')`)).toBe(KEYS.developer);
    // The key stays for the next page, as GraphiQL's does.
    await page.goto(`${env.server.url}/explore/countries/ES`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.locator('#headline').getAttribute('data-state')).toBe('ready');
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('draws every place’s newest figure of one measure and its change on the same period of 2019, as the API gives them; sorts by any column', async () => {
    const data = await api(`{ countries(first: 1000) { nodes { iso name series(headline: true) {
      alias measure freq unit scale headline last latest { period value } observations(from: "2019", to: "2019") { period value } } } } }`);
    type Api = { alias: string; measure: string; freq: string; unit: string; scale: string | null; headline: boolean; last: string; latest: { period: string; value: number } | null; observations: { period: string; value: number | null }[] };
    const expectedOf = (measure: string) => {
      const expected = new Map<string, { alias: string; unit: string; scale: string | null; period: string; value: number; base: number | null; pct: number | null } | null>();
      for (const c of data.countries.nodes) {
        const s = primarySeries<Api>((c.series as Api[]).filter((x) => x.measure === measure));
        if (!s?.latest) {
          expected.set(c.iso, null);
          continue;
        }
        const basePeriod = `2019${s.latest.period.slice(4)}`;
        const base = s.observations.find((o) => o.period === basePeriod)?.value ?? null;
        expected.set(c.iso, { alias: s.alias, unit: s.unit, scale: s.scale, period: s.latest.period, value: s.latest.value, base, pct: vsBaselinePct(s.latest.value, base) });
      }
      return expected;
    };
    // The decimals a unit allows, written out here apart from the page's code: counts whole, scaled
    // figures (thousands, millions) one, money in units two (USD's cents), percentages one.
    const allowed = (unit: string, scale: string | null) => (unit === 'percent' ? 1 : scale ? 1 : /^[A-Z]{3}$/.test(unit) ? 2 : 0);
    const decimalsOf = (text: string) => (/\.(\d+)/.exec(text)?.[1].length ?? 0);
    const digitsOf = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

    /** Every row against the API, each cell within its unit's decimals; returns how many cells were rounded. */
    const check = (rows: Cell[][], measure: string) => {
      const expected = expectedOf(measure);
      expect(rows.length).toBe(data.countries.nodes.length);
      let compared = 0;
      let rounded = 0;
      for (const row of rows) {
        const iso = cellOf(row, 'iso')!.text;
        const want = expected.get(iso);
        expect(want, iso).not.toBeUndefined();
        if (!want) {
          expect(numberIn(cellOf(row, 'value')), iso).toBeNull();
          expect(cellOf(row, 'series')!.text, iso).toBe('–');
          continue;
        }
        expect(cellOf(row, 'period')!.text, iso).toBe(want.period);
        // One measure per column: every row's figure is of the measure chosen.
        expect(cellOf(row, 'series')!.value ?? cellOf(row, 'series')!.text, iso).toMatch(new RegExp(`^${measure} \\(`));
        expect(want.alias.split('.')[1]).toBe(measure);
        expect(numberIn(cellOf(row, 'value')), iso).toBe(want.value);
        expect(numberIn(cellOf(row, 'base')), iso).toBe(want.base);
        expect(numberIn(cellOf(row, 'vs2019')), iso).toBe(want.pct);
        for (const key of ['value', 'base']) {
          const cell = cellOf(row, key)!;
          if (cell.value === '') continue;
          expect(decimalsOf(cell.text), `${iso} ${key} ${cell.text} (${want.unit} ${want.scale})`).toBeLessThanOrEqual(allowed(want.unit, want.scale));
          if (digitsOf(cell.value!) > allowed(want.unit, want.scale)) rounded++;
        }
        if (want.pct !== null) {
          expect(decimalsOf(cellOf(row, 'vs2019')!.text), iso).toBe(1);
          compared++;
        }
      }
      return { compared, rounded };
    };

    const { page, foreign } = await open('/explore');
    expect(await page.locator('#world').getAttribute('data-measure')).toBe('arrivals');
    expect(await page.locator('#world th[data-key="value"]').innerText()).toContain('Arrivals');
    const arrivals = check(await tableRows(page, '#world'), 'arrivals');
    expect(arrivals.compared).toBeGreaterThan(100);
    // Spain's row as written: its change with a sign and one decimal.
    const es = expectedOf('arrivals').get('ES')!;
    const esRow = (await tableRows(page, '#world')).find((r) => cellOf(r, 'iso')!.text === 'ES')!;
    expect(cellOf(esRow, 'vs2019')!.text).toBe(`${es.pct! > 0 ? '+' : es.pct! < 0 ? '−' : ''}${Math.abs(es.pct!).toFixed(1)}%`);

    // Another measure: chosen on the page, kept in the address, every column of it alone.
    await page.selectOption('#world-measure', 'spend');
    await page.waitForSelector('#world[data-measure="spend"]');
    expect(new URL(page.url()).searchParams.get('measure')).toBe('spend');
    expect(await page.locator('#world th[data-key="value"]').innerText()).toContain('Spend');
    const spend = check(await tableRows(page, '#world'), 'spend');
    expect(spend.compared).toBeGreaterThan(100);
    // UN Tourism's USD millions come with up to six decimals: the page writes them at one.
    expect(spend.rounded).toBeGreaterThan(0);

    // Sorting is a button in the header, kept in the address.
    await page.getByRole('button', { name: 'Change vs 2019' }).click();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('vs2019');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('desc');
    const sorted = (await tableRows(page, '#world')).map((r) => numberIn(cellOf(r, 'vs2019'))).filter((v): v is number => v !== null);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(await page.locator('#world th[aria-sort="descending"]').count()).toBe(1);
    await screenshot(page, 'explore-world.png');

    // The measure in the address on a first visit.
    await page.goto(`${env.server.url}/explore?measure=nights`);
    await page.waitForSelector('#world[data-state="ready"]', { timeout: 30_000 });
    expect(await page.locator('#world-measure').inputValue()).toBe('nights');
    check(await tableRows(page, '#world'), 'nights');
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('searches series and countries from the address', async () => {
    const data = await api(`query ($q: String!) { seriesSearch(q: $q, first: 25) { totalCount nodes { alias name } } }`, { q: 'spain nights' });
    const { page, foreign } = await open('/explore?q=spain%20nights');
    const hits = page.locator('#series-hits li');
    expect(await hits.count()).toBe(data.seriesSearch.nodes.length);
    expect(await hits.first().locator('a').getAttribute('href')).toBe(`/explore/series/${encodeURIComponent(data.seriesSearch.nodes[0].alias)}`);
    // A country found by its name.
    await page.fill('#search-q', 'spain');
    await page.click('form[role=search] button');
    await page.waitForSelector('#country-hits');
    expect(await page.locator('#country-hits').innerText()).toContain('Spain');
    expect(new URL(page.url()).searchParams.get('q')).toBe('spain');
    await screenshot(page, 'explore-search.png');
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('on a phone', () => {
  it.each([
    ['/explore?q=spain', 'world'],
    ['/explore/countries/ES', 'country-ES'],
    ['/explore/series/dk.arrivals.total.m', 'series'],
    ['/explore/compare?series=ES,fr.arrivals.total.m,dk.nights.total.m', 'compare'],
  ])('%s reads 390 px wide without scrolling sideways', async (view, name) => {
    const { page, foreign } = await open(view, KEYS.intel, { width: 390, height: 844 });
    // Nothing wider than the screen but the tables' and code's own scrolling boxes.
    const wide: string[] = await page.evaluate(
      `[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.table-scroll, pre')).map((el) => el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className).slice(0, 5)`,
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, `explore-${name}-phone.png`);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('table order in the address', () => {
  /** The figures of one column of the tables under `selector`, top to bottom. */
  const column = async (page: Page, selector: string, key: string) => (await tableRows(page, selector)).map((r) => numberIn(cellOf(r, key)));
  const descending = (values: (number | null)[]) => values.filter((v): v is number => v !== null).every((v, i, a) => i === 0 || a[i - 1] >= v);

  it.each([
    { view: '/explore/countries/ES', table: '#rivals', button: 'Overlap score', key: 'score', sort: 'rivals-sort', dir: 'rivals-dir' },
    { view: '/explore/countries/ES', table: '#headline-chart .chart-table', button: 'es.arrivals.total.m', key: 'line0', sort: 'headline-chart-sort', dir: 'headline-chart-dir' },
    { view: '/explore/series/dk.arrivals.total.m', table: 'main > .table-scroll', button: 'Value (arrivals)', key: 'value', sort: 'sort', dir: 'dir' },
  ])('$view keeps the order of $table in its address, and the address alone brings it back', async ({ view, table, button, key, sort, dir }) => {
    const { page, foreign } = await open(view);
    if (table.includes('chart-table')) await page.click(`${table.replace(' .chart-table', '')} summary`);
    await page.locator(table).getByRole('button', { name: button, exact: true }).click();
    const url = new URL(page.url());
    expect([url.searchParams.get(sort), url.searchParams.get(dir)]).toEqual([key, 'desc']);
    const sorted = await column(page, table, key);
    expect(descending(sorted)).toBe(true);
    const again = await open(`${url.pathname}${url.search}`);
    expect(await again.page.locator(`${table} th[data-key="${key}"]`).getAttribute('aria-sort')).toBe('descending');
    expect(await column(again.page, table, key)).toEqual(sorted);
    expect([...foreign, ...again.foreign]).toEqual([]);
    await again.page.close();
    await page.close();
  });
});

describe('the keyboard alone', () => {
  /** Presses Tab until the focused element matches `selector`; the presses it took. */
  async function tabTo(page: Page, selector: string, most = 80): Promise<number> {
    for (let n = 1; n <= most; n++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return n;
    }
    throw new Error(`${selector} was not reached in ${most} presses of Tab`);
  }

  it('searches, opens a country and reaches its figures table with Tab and Enter', async () => {
    const { page, foreign } = await open('/explore');
    await tabTo(page, '#search-q');
    await page.keyboard.type('spain');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#country-hits');
    expect(new URL(page.url()).searchParams.get('q')).toBe('spain');
    await tabTo(page, '#country-hits a[href="/explore/countries/ES"]');
    await Promise.all([page.waitForURL('**/explore/countries/ES'), page.keyboard.press('Enter')]);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    // The skip link first, then on to the headline chart's table: its summary opens it, the table's box scrolls.
    await tabTo(page, 'a.skip', 1);
    await page.keyboard.press('Enter');
    await tabTo(page, '#headline-chart summary');
    await page.keyboard.press('Enter');
    expect(await page.locator('#headline-chart details').getAttribute('open')).not.toBeNull();
    await tabTo(page, '#headline-chart .table-scroll');
    const box = page.locator('#headline-chart .table-scroll');
    const before = await box.evaluate((el) => el.scrollTop);
    await page.keyboard.press('PageDown');
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);
    // A sortable header is a button the keyboard presses, and keeps the focus to press again.
    await tabTo(page, '#rivals th[data-key="name"] button');
    await page.keyboard.press('Enter');
    expect(await page.locator('#rivals th[data-key="name"]').getAttribute('aria-sort')).toBe('ascending');
    await page.keyboard.press('Enter');
    expect(await page.locator('#rivals th[data-key="name"]').getAttribute('aria-sort')).toBe('descending');
    await screenshot(page, 'explore-keyboard.png');
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('/explore/countries/{iso}', () => {
  it('shows Spain’s headline series against 2019, seasonality, origins, rivals, gaps and the brief with the API’s figures', async () => {
    const data = await api(`{ country(iso: "ES") { series(headline: true) { alias measure freq headline last observations(scaled: true) { period value } }
      rivals { country score } originShift(limit: 20) { rows { origin sharePct changePoints } }
      brief { headline outlook { month value low high } } } }`);
    const headline = primarySeries<{ alias: string; measure: string; freq: string; headline: boolean; last: string; observations: { period: string; value: number | null }[] }>(data.country.series)!;
    const { page, foreign } = await open('/explore/countries/ES');
    for (const part of ['headline', 'seasonality', 'origins', 'rivals', 'gaps', 'brief']) expect(await page.locator(`#${part}`).getAttribute('data-state'), part).toBe('ready');
    // The chart's table holds every figure of the series as the API gives it in plain units.
    const rows = await tableRows(page, '#headline-chart .chart-table');
    expect(rows.map((r) => cellOf(r, 'period')!.text)).toEqual(headline.observations.map((o) => o.period));
    expect(rows.map((r) => numberIn(cellOf(r, 'line0')))).toEqual(headline.observations.map((o) => o.value));
    // Its text alternative names the newest figure; the 2019 reference line is there.
    const last = headline.observations.filter((o) => o.value !== null).at(-1)!;
    const described = await page.locator('#headline-chart-desc').innerText();
    expect(described).toContain(`latest ${last.period} ${last.value!.toLocaleString('en')}`);
    expect(described).toContain('Reference line: 2019');
    expect(await page.locator('#headline-chart .plot').getAttribute('role')).toBe('img');
    // Monthly: this year beside last year.
    expect(await page.locator('#year-chart').count()).toBe(1);
    // Rivals and origin markets as the API ranks them.
    const rivals = await tableRows(page, '#rivals');
    expect(rivals.map((r) => numberIn(cellOf(r, 'score')))).toEqual(data.country.rivals.map((r: { score: number }) => r.score));
    const origins = await tableRows(page, '#origins');
    expect(origins.map((r) => numberIn(cellOf(r, 'share')))).toEqual(data.country.originShift.rows.map((r: { sharePct: number }) => r.sharePct));
    // The brief's text and its outlook band.
    expect(await page.locator('#brief .brief-headline').innerText()).toBe(data.country.brief.headline);
    const outlook = (await tableRows(page, '#brief-chart .chart-table')).filter((r) => numberIn(cellOf(r, 'high')) !== null);
    expect(outlook.map((r) => [numberIn(cellOf(r, 'line1')), numberIn(cellOf(r, 'low')), numberIn(cellOf(r, 'high'))])).toEqual(
      data.country.brief.outlook.map((o: { value: number; low: number; high: number }) => [o.value, o.low, o.high]),
    );
    // Gaps name each series by its alias, as the API knows it too.
    const gapIds: string[] = (await api(`{ gaps(countries: ["ES"]) { series } }`)).gaps.map((g: { series: string }) => g.series);
    const gapAliases = await Promise.all(gapIds.map(async (id) => (await api(`query ($id: SeriesRef!) { seriesById(id: $id) { alias } }`, { id })).seriesById.alias));
    const gapRows = await tableRows(page, '#gaps');
    expect(gapRows.map((r) => cellOf(r, 'series')!.text).sort()).toEqual([...gapAliases].sort());
    expect(gapAliases.length).toBeGreaterThan(0);
    await screenshot(page, 'explore-country-ES.png');
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('says which plan opens each part a free key cannot see', async () => {
    const { page, foreign } = await open('/explore/countries/ES', KEYS.free);
    const plans = { headline: 'developer', seasonality: 'developer', rivals: 'developer', origins: 'intel', brief: 'analyst' };
    for (const [part, plan] of Object.entries(plans)) {
      expect(await page.locator(`#${part}`).getAttribute('data-state'), part).toBe('plan');
      expect(await page.locator(`#${part} .plan-note`).getAttribute('data-plan'), part).toBe(plan);
    }
    expect(await page.locator('#gaps').getAttribute('data-state')).toBe('ready');
    expect(await page.locator('canvas').count()).toBe(0);
    await screenshot(page, 'explore-country-ES-free.png');
    expect(foreign).toEqual([]);
    await page.close();
  });

});

describe('/explore/series/{id}', () => {
  const ALIAS = 'dk.arrivals.total.m'; // estimated figures and a break in 2015

  it('draws the series with its marks and table, downloads CSV equal to /v1 and PNG/SVG, and picks a vintage', async () => {
    const query = `query ($id: SeriesRef!, $asOf: Date) { seriesById(id: $id) { vintages { date } timeline(asOf: $asOf) { period value status flags } } }`;
    const now = (await api(query, { id: ALIAS })).seriesById;
    const { page, foreign } = await open(`/explore/series/${ALIAS}`);
    const rows = await tableRows(page, 'main > .table-scroll');
    const shown = rows.map((r) => ({ period: cellOf(r, 'period')!.text, value: numberIn(cellOf(r, 'value')), status: cellOf(r, 'status')!.text }));
    expect(shown).toEqual([...now.timeline].reverse().map((p: { period: string; value: number | null; status: string | null }) => ({ period: p.period, value: p.value, status: p.status ?? '' })));
    // The publisher's marks are drawn and named.
    const marks: string[] = await page.evaluate(`[...document.querySelectorAll('.mark-key li')].map((li) => li.dataset.mark)`);
    expect(marks).toEqual(expect.arrayContaining(['estimated', 'break']));
    const estimated = now.timeline.filter((p: { status: string }) => p.status === 'estimated').length;
    expect(await page.locator('#series-chart-desc').innerText()).toContain(`${estimated} estimated`);
    // The REST address, the GraphQL query and the Python cell name the same series.
    expect(await page.locator('#rest-url').innerText()).toContain(`/v1/series/${ALIAS}/observations?format=csv`);
    expect(await page.locator('#graphql-query').innerText()).toContain(`seriesById(id: "${ALIAS}")`);
    expect(await page.locator('#python-snippet').innerText()).toContain(`/v1/series/${ALIAS}/observations`);
    // Downloads: the CSV is the REST CSV byte for byte; the pictures are real files.
    // The page's key is intel's: its downloads are the figures that plan sees.
    const rest = await (await env.server.get(`/v1/series/${ALIAS}/observations?format=csv`, { plan: 'intel' })).text();
    const csv = await downloaded(page, '#download-csv');
    expect(csv.name).toBe(`${ALIAS}.csv`);
    expect(csv.bytes.toString('utf8')).toBe(rest);
    const png = await downloaded(page, '#download-png');
    expect(png.bytes.length).toBeGreaterThan(5_000);
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const svg = await downloaded(page, '#download-svg');
    const svgText = svg.bytes.toString('utf8');
    expect(svgText.startsWith('<svg')).toBe(true);
    expect(svgText).toContain('stroke-dasharray="3 3"'); // the break
    expect((svgText.match(/<circle /g) ?? []).length).toBeGreaterThanOrEqual(estimated);
    await screenshot(page, 'explore-series.png');
    // A vintage: the address takes it, and the table is the series as it stood then.
    expect(await page.locator('#as-of option').count()).toBe(now.vintages.length + 1);
    const date = now.vintages[0].date;
    await page.selectOption('#as-of', date);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('as_of')).toBe(date);
    const then = (await api(query, { id: ALIAS, asOf: date })).seriesById.timeline;
    const thenRows = await tableRows(page, 'main > .table-scroll');
    expect(thenRows.map((r) => [cellOf(r, 'period')!.text, numberIn(cellOf(r, 'value'))])).toEqual([...then].reverse().map((p: { period: string; value: number | null }) => [p.period, p.value]));
    expect(await page.locator('#rest-url').innerText()).toContain(`as_of=${date}`);
    const restThen = await (await env.server.get(`/v1/series/${ALIAS}/observations?as_of=${date}&format=csv`, { plan: 'intel' })).text();
    expect((await downloaded(page, '#download-csv')).bytes.toString('utf8')).toBe(restThen);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('shows the citation with a copy button and the licence, and links the series\' /v1 downloads and the bulk files', async () => {
    const { seriesById } = await api(`query ($id: SeriesRef!) { seriesById(id: $id) { id citation licence { name url } } }`, { id: ALIAS });
    const { page, foreign } = await open(`/explore/series/${ALIAS}`);
    expect(await page.locator('#citation').innerText()).toBe(seriesById.citation);
    expect(seriesById.citation).toContain(`/v1/series/${seriesById.id}/observations`);
    expect(await page.locator('#licence').innerText()).toContain(seriesById.licence.name);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await page.click('#copy-citation');
    await page.locator('#citation-copied:has-text("Copied.")').waitFor({ timeout: 10_000 });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(seriesById.citation);
    // The series from /v1, fetched with the page's key (intel, as the page's other tables): the CSV is the REST CSV byte for byte.
    const csv = await downloaded(page, '#series-downloads a:text-is("CSV")');
    expect(csv.name).toBe(`${ALIAS}.csv`);
    expect(csv.bytes.toString('utf8')).toBe(await (await env.server.get(`/v1/series/${ALIAS}/observations?format=csv`, { plan: 'intel' })).text());
    const json = JSON.parse((await downloaded(page, '#series-downloads a:text-is("JSON")')).bytes.toString('utf8'));
    expect(json.data).toEqual((await env.server.json(`/v1/series/${ALIAS}/observations`, 'intel')).data);
    // The bulk files as /v1/bulk lists them; one downloaded is the file listed, by its SHA-256.
    const listed = (await env.server.json('/v1/bulk', 'free')).data as { name: string; url: string; sha256: string }[];
    const hrefs = await page.locator('#bulk-downloads a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(listed.map((f) => new URL(f.url).pathname));
    const series = listed.find((f) => f.name === 'series.json')!;
    const got = await downloaded(page, '#bulk-downloads a:text-is("series.json")');
    expect(createHash('sha256').update(got.bytes).digest('hex')).toBe(series.sha256);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('gives the REST address, GraphQL query and Python cell whose answers are the figures of its table', async () => {
    const { page, foreign } = await open(`/explore/series/${ALIAS}`);
    const shown = (await tableRows(page, 'main > .table-scroll')).map((r) => ({ period: cellOf(r, 'period')!.text, value: numberIn(cellOf(r, 'value')), status: cellOf(r, 'status')!.text, flags: cellOf(r, 'flags')!.text }));
    expect(shown.length).toBeGreaterThan(100);
    const inOrder = <T extends { period: string }>(rows: T[]) => [...rows].sort((a, b) => b.period.localeCompare(a.period));
    const asShown = (rows: { period: string; value: number | null; status: string | null; flags: string | null }[]) =>
      inOrder(rows.map((r) => ({ period: r.period, value: r.value, status: r.status ?? '', flags: r.flags ?? '' })));
    // The REST address as the page writes it (this server's origin), JSON and CSV.
    const [jsonUrl, csvUrl] = (await page.locator('#rest-url').innerText()).trim().split('\n');
    const rest = await fetch(jsonUrl, { headers: { 'X-API-Key': KEYS.intel } });
    expect(rest.status).toBe(200);
    expect(asShown((await rest.json()).data)).toEqual(shown);
    const csv = await fetch(csvUrl, { headers: { 'X-API-Key': KEYS.intel } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\n').length).toBe(shown.length + 1);
    // The GraphQL query as the page writes it.
    const { status, body } = await env.server.graphql(await page.locator('#graphql-query').innerText(), {}, 'intel');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(asShown(body.data.seriesById.timeline)).toEqual(shown);
    // The Python cell as the page writes it, under Debian's python3 with requests and pandas.
    const python = await systemPython(['pandas', 'requests']);
    const mark = '--- figures ---';
    const { stdout } = await runFile(python, ['-c', `${await page.locator('#python-snippet').innerText()}\nprint(${JSON.stringify(mark)})\nprint(df.to_json(orient="records"))\n`], {
      env: { ...process.env, TOURISM_API_URL: env.server.url, TOURISM_API_KEY: KEYS.intel },
      timeout: 60_000,
    });
    const frame: { period: string; value: number | null; status: string; flags: string | null }[] = JSON.parse(stdout.slice(stdout.indexOf(mark) + mark.length));
    expect(asShown(frame)).toEqual(shown);
    expect(foreign).toEqual([]);
    await page.close();
  });

  // One series of the release with provisional figures, one with withheld ones (the publisher's flag beside each).
  it.each([
    { alias: 'us.arrivals.total.m', mark: 'provisional' as const, flag: 'subject to revision' },
    { alias: 'bg.nights.total.m', mark: 'withheld' as const, flag: '@C' },
  ])('marks $mark figures of $alias on the chart, in its key, text, table and SVG', async ({ alias, mark, flag }) => {
    const query = `query ($id: SeriesRef!) { seriesById(id: $id) { timeline { period value status flags } } }`;
    const timeline: { period: string; value: number | null; status: string | null; flags: string | null }[] = (await api(query, { id: alias })).seriesById.timeline;
    const marked = timeline.filter((p) => p.status === mark);
    expect(marked.length).toBeGreaterThan(0);
    const { page, foreign } = await open(`/explore/series/${alias}`);
    expect(await page.locator(`.mark-key li[data-mark="${mark}"]`).innerText()).toBe(MARK_STYLE[mark].label);
    expect(await page.locator('#series-chart-desc').innerText()).toContain(`${marked.length} ${mark}`);
    // The chart's own table names the mark on each such period; the figures table lists status and flag.
    const chartRows = await tableRows(page, '#series-chart .chart-table');
    expect(chartRows.filter((r) => cellOf(r, 'mark')!.text === mark).map((r) => cellOf(r, 'period')!.text)).toEqual(marked.map((p) => p.period));
    const rows = await tableRows(page, 'main > .table-scroll');
    const listed = rows.filter((r) => cellOf(r, 'status')!.text === mark);
    expect(listed.map((r) => [cellOf(r, 'period')!.text, numberIn(cellOf(r, 'value')), cellOf(r, 'flags')!.text])).toEqual(
      [...marked].reverse().map((p) => [p.period, p.value, p.flags]),
    );
    expect(listed.every((r) => cellOf(r, 'flags')!.text.includes(flag))).toBe(true);
    // The SVG draws one mark per such figure: a filled triangle (provisional) or a cross on the axis (withheld).
    const svg = (await downloaded(page, '#download-svg')).bytes.toString('utf8');
    const color = MARK_STYLE[mark].color;
    const drawn = mark === 'provisional' ? svg.match(new RegExp(`<path d="[^"]*Z" fill="${color}"/>`, 'g')) : svg.match(new RegExp(`<path d="[^"]*" stroke="${color}" stroke-width="1.5"/>`, 'g'));
    expect(drawn?.length).toBe(marked.length);
    await screenshot(page, `explore-series-${mark}.png`);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

describe('/explore/compare', () => {
  it('draws up to six series or countries indexed on 2019 or as levels, from a shareable address', async () => {
    const items = ['ES', 'fr.arrivals.total.m', 'dk.nights.total.m'];
    const data = await api(`{ es: country(iso: "ES") { series(headline: true) { alias measure freq headline last observations(scaled: true) { period value } } }
      fr: seriesById(id: "fr.arrivals.total.m") { observations(scaled: true) { period value } }
      dk: seriesById(id: "dk.nights.total.m") { observations(scaled: true) { period value } } }`);
    const es = primarySeries<{ alias: string; measure: string; freq: string; headline: boolean; last: string; observations: { period: string; value: number | null }[] }>(data.es.series)!;
    const observations = [es.observations, data.fr.observations, data.dk.observations];
    const url = `/explore/compare?series=${items.join(',')}`;
    const { page, foreign } = await open(url);
    expect(await page.locator('#share-link').inputValue()).toBe(page.url());
    const check = async (levels: boolean) => {
      const rows = await tableRows(page, '#compare-chart .chart-table');
      const byPeriod = new Map(rows.map((r) => [cellOf(r, 'period')!.text, r]));
      observations.forEach((obs, n) => {
        const want = levels ? obs.map((o: { value: number | null }) => o.value) : indexToBaseYear(obs).index;
        expect(want.some((v: number | null) => v !== null)).toBe(true);
        obs.forEach((o: { period: string }, i: number) => expect(numberIn(cellOf(byPeriod.get(o.period)!, `line${n}`)), `${items[n]} ${o.period}`).toBe(want[i]));
      });
    };
    await check(false);
    expect(await page.locator('#compare-chart-desc').innerText()).toContain('2019 = 100');
    await screenshot(page, 'explore-compare.png');
    await page.getByLabel('Levels').check();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('mode')).toBe('levels');
    await check(true);
    // The address alone brings the same view back.
    const again = await open(`${url}&mode=levels`);
    expect((await tableRows(again.page, '#compare-chart .chart-table')).length).toBe((await tableRows(page, '#compare-chart .chart-table')).length);
    expect([...foreign, ...again.foreign]).toEqual([]);
    await again.page.close();
    await page.close();
  });

  it('draws six, and says so of a seventh rather than leaving it out silently', async () => {
    const items = ['ES', 'FR', 'IT', 'PT', 'dk.nights.total.m', 'us.arrivals.total.m', 'GR'];
    const { page, foreign } = await open(`/explore/compare?series=${items.join(',')}`);
    const chips: string[] = await page.evaluate(`[...document.querySelectorAll('.chips li')].map((li) => li.firstChild.textContent)`);
    expect(chips).toEqual(items.slice(0, 6));
    const rows = await tableRows(page, '#compare-chart .chart-table');
    for (let n = 0; n < 6; n++) expect(rows.some((r) => numberIn(cellOf(r, `line${n}`)) !== null), items[n]).toBe(true);
    expect(cellOf(rows[0], 'line6')).toBeUndefined();
    expect(await page.locator('#compare-limit').innerText()).toBe('At most 6 are compared at once; left out: GR. Remove one to draw another.');
    expect(await page.locator('#compare-add + button').isDisabled()).toBe(true);
    await screenshot(page, 'explore-compare-six.png');
    // Removing one draws the seventh in its place.
    await page.getByRole('button', { name: 'Remove IT' }).click();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('series')).toBe('ES,FR,PT,dk.nights.total.m,us.arrivals.total.m');
    expect(await page.locator('#compare-limit').count()).toBe(0);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
