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
  await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
  const tabsBefore = await page.locator('.graphiql-tab').count();
  await page.fill('#api-key', KEYS.developer);
  // "Use key" asks for the schema again with the key, in place: no reload, no new tab.
  const introspected = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('__schema') && r.headers()['x-api-key'] === KEYS.developer);
  await page.click('#api-key-bar button[type=submit]');
  await introspected;
  expect(await page.locator('.graphiql-tab').count()).toBe(tabsBefore);
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

it('keeps the open tab over a reload, and answers an empty tab with a line, not a stack trace', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${env.server.url}/graphql`);
  await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
  await page.getByRole('tab', { name: 'HeadlineArrivals' }).click();
  const tabs = await page.locator('.graphiql-tab').count();
  await page.reload();
  await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
  expect(await page.locator('.graphiql-tab').count()).toBe(tabs);
  await expect.poll(() => page.locator('.graphiql-tab[aria-selected="true"]').innerText()).toContain('HeadlineArrivals');
  // A new tab holds no query: running it says so.
  await page.click('.graphiql-tab-add');
  await page.click('.graphiql-execute-button');
  const shown = async () => (await page.locator('.graphiql-response').innerText()).replace(/\s+/g, ' ');
  await expect.poll(shown, { timeout: 15_000 }).toContain('This tab holds no query to run');
  expect(await page.locator('.graphiql-response').innerText()).not.toMatch(/Syntax Error|at \w+ \(/);
  await page.close();
});
