/** The guides of /docs: Markdown files in rest/docs/guides, in reading order, titled by their first heading. */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/project-root';

const ORDER = ['keys', 'plans', 'rate-limits', 'errors', 'paging', 'series-data', 'transformations', 'csv', 'statistical-formats', 'bulk', 'caching', 'notebooks', 'webhooks', 'mcp'];
export const GUIDES_DIR = path.join(PROJECT_ROOT, 'rest/docs/guides');

export interface Guide {
  slug: string;
  title: string;
  markdown: string;
}

export const GUIDES: Guide[] = ORDER.map((slug) => {
  const markdown = fs.readFileSync(path.join(GUIDES_DIR, `${slug}.md`), 'utf8');
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? slug;
  return { slug, title, markdown };
});
