/**
 * The README stays a front page (at most 200 lines: what the service is, its two commands first,
 * the command table and links) and quotes no measured figure; the rest is in docs/, whose links
 * resolve, and docs/operating.md names every environment variable the code reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT, projectFiles } from './helpers/paths';

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

const sources = (dir: string): string[] => projectFiles(dir, ['generated', 'explorer-ui']).filter((file) => /\.(ts|mjs)$/.test(file));

it('keeps the README to 200 lines, its two commands first, with no measured figure', () => {
  const readme = read('README.md');
  const lines = readme.split('\n');
  expect(lines.length).toBeLessThanOrEqual(200);
  const commands = lines.slice(lines.indexOf('```sh') + 1, lines.indexOf('```sh') + 3);
  expect(commands[0]).toMatch(/^npm ci && npm start -- --sources \.\.\/shared\/data\s+#/);
  expect(commands[1]).toMatch(/^npm test\s+#/);
  expect(readme).toMatch(/\n\| command \| what it does \|\n/);
  expect(readme.match(/[0-9][0-9,.]*\s?(ms|µs|s|seconds|minutes|MB|kB)\b/g) ?? []).toEqual([]);
});

it('links only to files that exist, from the README and docs/', () => {
  const files = ['README.md', ...fs.readdirSync(path.join(PROJECT_ROOT, 'docs')).map((f) => `docs/${f}`)];
  const broken: string[] = [];
  for (const file of files) {
    for (const [, target] of read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      if (!fs.existsSync(path.join(PROJECT_ROOT, path.dirname(file), target))) broken.push(`${file} → ${target}`);
    }
  }
  expect(files).toContain('docs/architecture.md');
  expect(broken).toEqual([]);
});

it('names every environment variable the code reads in the table of docs/operating.md', () => {
  const doc = read('docs/operating.md');
  const section = doc.slice(doc.indexOf('## Environment variables'), doc.indexOf('\n## ', doc.indexOf('## Environment variables') + 1));
  const documented = new Set([...section.matchAll(/^\| (.+?) \|/gm)].flatMap(([, cell]) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])));
  const read_ = new Set<string>();
  for (const file of [...sources('src'), ...sources('rest')]) {
    for (const [, name] of read(file).matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)\b/g)) read_.add(name);
  }
  expect(read_.size).toBeGreaterThan(25);
  expect([...read_].filter((name) => !documented.has(name)).sort()).toEqual([]);
});
