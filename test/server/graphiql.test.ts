/**
 * GraphiQL in a real browser (Debian's chromium through playwright-core): the page loads with no
 * network beyond this server, takes a key in its key field, and runs the first example tab.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';
import { TEST_OUTPUT_DIR } from '../helpers/paths';

let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  s = await startTestServer();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

it('opens /graphql, takes a key, runs the example query and shows data', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const foreign: string[] = [];
  const origin = new URL(s.url).origin;
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
  });
  await page.goto(`${s.url}/graphql`);
  await page.fill('#api-key', KEYS.developer);
  await Promise.all([page.waitForEvent('load'), page.click('#api-key-bar button[type=submit]')]);
  await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
  // The explorer plugin is in the sidebar beside the docs.
  expect(await page.locator('.graphiql-sidebar button[aria-label*="Explorer"]').count()).toBeGreaterThanOrEqual(2);
  await page.getByRole('tab', { name: 'HeadlineArrivals' }).click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('HeadlineArrivals'));
  await page.click('.graphiql-execute-button');
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  expect(body.data.series.nodes.map((n: { countryIso: string }) => n.countryIso)).toEqual(['ES', 'FR', 'IT']);
  await expect.poll(() => page.locator('.graphiql-response').innerText(), { timeout: 15_000 }).toContain('es.arrivals.total.a');
  fs.mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(TEST_OUTPUT_DIR, 'graphiql.png') });
  expect(foreign).toEqual([]);
  await page.close();
});
