/**
 * GraphiQL in a real browser (Debian's chromium through playwright-core): the page loads with no
 * network beyond this server, takes a key in its key field, and runs the first example tab.
 */
import fs from 'node:fs';
import path from 'node:path';
import { foreignRequests, withServerAndBrowser } from '../helpers/browser';
import { expect, it } from 'vitest';
import { KEYS } from '../helpers/server';
import { TEST_OUTPUT_DIR } from '../helpers/paths';

const env = withServerAndBrowser();

it('opens /graphql, takes a key, runs the example query and shows data', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const foreign = foreignRequests(page, new URL(env.server.url).origin);
  await page.goto(`${env.server.url}/graphql`);
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
