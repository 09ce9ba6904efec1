/**
 * /docs in a real browser (Debian's chromium through playwright-core): Swagger UI from the installed
 * package lists every /v1 endpoint from /openapi.json and shows a real example answer, with no
 * request leaving this server; the guides render and link each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { foreignRequests, withServerAndBrowser } from '../helpers/browser';
import { expect, it } from 'vitest';
import { ROUTES } from '../../rest/routes';
import { TEST_OUTPUT_DIR } from '../helpers/paths';

const env = withServerAndBrowser();

it('opens /docs with no key: every endpoint is listed and an example answer from the release shows', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const foreign = foreignRequests(page, new URL(env.server.url).origin);
  await page.goto(`${env.server.url}/docs`);
  await page.waitForSelector('.opblock-summary-path', { timeout: 60_000 });
  fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(TEST_OUTPUT_DIR, 'docs.png') });
  const listed = await page.locator('.opblock-summary-path').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
  expect(listed.sort()).toEqual(ROUTES.map((r) => r.path).sort());
  // The country detail: its example is Spain's record as the test release holds it.
  const spain = (await env.server.json('/v1/countries/ES')).data;
  const op = page.locator('#operations-Reference-getCountriesByIso');
  await op.locator('.opblock-summary').click();
  const example = op.locator('.responses-wrapper .highlight-code').first();
  await expect.poll(() => example.innerText(), { timeout: 30_000 }).toContain(`"name": "${spain.name}"`);
  expect(await example.innerText()).toContain(`"months_behind": ${spain.months_behind}`);
  // The route's own 404 code is listed with its meaning.
  expect(await op.locator('.responses-table').innerText()).toContain('unknown_country');
  // The guides are linked from the page, the notebook guide among them.
  expect(await page.locator('nav a[href="/docs/guides/notebooks"]').count()).toBe(1);
  expect(await page.locator('#error-unknown_country').count()).toBe(1);
  await op.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(TEST_OUTPUT_DIR, 'docs-example.png') });
  expect(foreign).toEqual([]);
  await page.close();
});

it('renders the guides from Markdown, with the tables the code generates', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}/docs/guides/plans`);
  expect(await page.locator('main h1').innerText()).toBe('Plans and what each sees');
  const table = await page.locator('main table').innerText();
  expect(table).toContain('/v1/countries/{iso}/brief');
  expect(table).toContain('6000');
  await page.click('main a[href="rate-limits"]');
  await expect.poll(() => page.url()).toBe(`${env.server.url}/docs/guides/rate-limits`);
  expect(await page.locator('main').innerText()).toContain('Retry-After');
  await page.goto(`${env.server.url}/docs/guides/notebooks`);
  expect(await page.locator('main pre code.language-python').count()).toBe(1);
  await page.close();
  for (const p of ['/docs/guides/nope', '/docs/assets/index.html', '/docs/assets/..%2Fpackage.json']) {
    expect((await env.server.get(p, { plan: null })).status, p).toBe(404);
  }
});
