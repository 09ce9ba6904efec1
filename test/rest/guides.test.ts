/** Every guide written is served: each Markdown file of rest/docs/guides at /docs/guides/NAME, and every guide the README and docs/ name. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUIDES, GUIDES_DIR } from '../../rest/guides';
import { PROJECT_ROOT } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

it('lists every guide file in its reading order', () => {
  const files = fs.readdirSync(GUIDES_DIR).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
  expect(GUIDES.map((g) => g.slug).sort()).toEqual(files.sort());
});

it('serves every guide, and every guide the README and docs/ name', async () => {
  const docs = path.join(PROJECT_ROOT, 'docs');
  const texts = ['README.md', ...fs.readdirSync(docs).map((f) => `docs/${f}`)].map((f) => fs.readFileSync(path.join(PROJECT_ROOT, f), 'utf8'));
  const named = texts.flatMap((text) => [...text.matchAll(/rest\/docs\/guides\/([\w-]+)\.md/g)].map((m) => m[1]));
  expect(named.length).toBeGreaterThan(1);
  for (const slug of new Set([...GUIDES.map((g) => g.slug), ...named])) {
    expect((await fetch(`${s.url}/docs/guides/${slug}`)).status, slug).toBe(200);
  }
});
