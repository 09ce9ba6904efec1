/** Debian's Chromium through playwright-core, headless, with no network of its own; and a watch on where a page reaches. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server';
import { systemProgram } from './system';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await systemProgram('/usr/bin/chromium', 'chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The URLs a page requests outside `origin` (blob: and data: aside), filled in as it loads. */
export function foreignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
  });
  return foreign;
}

/** A test server and a browser for the tests of one file: started before them, closed after. */
export function withServerAndBrowser(): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
  };
}
