/**
 * Imports run downward: domain ← db, auth, ingest ← graphql ← rest, mcp ← server ← cli. A module may
 * import from its own layer or those below it, never from one above.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { PROJECT_ROOT, projectFiles } from './helpers/paths';
import { longLivedMaps } from './helpers/long-lived-maps';

const LAYERS: [RegExp, number][] = [
  [/^src\/(domain\/|errors\.ts|project-root\.ts)/, 0],
  [/^src\/((db|auth|ingest)\/|ingest-worker\.ts)/, 1],
  [/^src\/graphql\//, 2],
  [/^(rest|src\/mcp)\//, 3],
  [/^src\/(server\/|holiday-worker\.ts)/, 4],
  [/^src\/(cli\.ts|bench\/)/, 5],
];

const layerOf = (file: string): number | null => LAYERS.find(([re]) => re.test(file))?.[1] ?? null;

const sources = (dir: string): string[] => projectFiles(dir, ['generated']).filter((file) => file.endsWith('.ts'));

it('no module imports from a layer above its own', () => {
  const upward: string[] = [];
  for (const file of [...sources('src'), ...sources('rest')]) {
    const own = layerOf(file);
    if (own === null) continue;
    const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const layer = layerOf(target) ?? layerOf(`${target}.ts`);
      if (layer !== null && layer > own) upward.push(`${file} → ${target}`);
    }
  }
  expect(upward).toEqual([]);
});

it('answers are kept by one cache, @envelop/response-cache, and every other cache says what it holds', () => {
  // The caches a module may hold with lru-cache: the result cache's store, Yoga's parsed queries, /v1's parsed targets, the holiday rules' answers.
  const allowed = ['rest/handler.ts', 'src/graphql/holiday-rules.ts', 'src/graphql/result-cache.ts', 'src/server/graphql-endpoint.ts'];
  const users = [...sources('src'), ...sources('rest')].filter((file) => /from 'lru-cache'/.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
  expect(users.sort()).toEqual(allowed);
  const store = fs.readFileSync(path.join(PROJECT_ROOT, 'src/graphql/result-cache.ts'), 'utf8');
  expect(store).toMatch(/from '@envelop\/response-cache'/);
  const endpoint = fs.readFileSync(path.join(PROJECT_ROOT, 'src/server/graphql-endpoint.ts'), 'utf8');
  expect(endpoint).toMatch(/useResultCache\(/);
});

/** The maps docs/architecture.md names in its caches tables: each row's first cell, `file`: `name`, `name`; `file`: `name` … */
function documentedMaps(): Set<string> {
  const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Caches'), doc.indexOf('\n## ', doc.indexOf('\n## Caches') + 1));
  const named = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const where = row.split(' | ')[0].slice(2);
    for (const part of where.split('; ')) {
      const [file, names] = part.split(': ');
      for (const name of names.split(', ')) named.add(`${file.replace(/`/g, '')}: ${name.replace(/^`|`$/g, '')}`);
    }
  }
  return named;
}

it('every map that outlives its call is in the caches tables of docs/architecture.md, and every row is in the code', () => {
  const inCode = new Set(longLivedMaps().map((m) => `${m.file}: ${m.name}`));
  const documented = documentedMaps();
  expect(inCode.size).toBeGreaterThan(40);
  expect([...inCode].filter((m) => !documented.has(m)).sort(), 'maps missing from docs/architecture.md').toEqual([]);
  expect([...documented].filter((m) => !inCode.has(m)).sort(), 'rows naming maps the code no longer has').toEqual([]);
});

it('no function is over 80 lines: each does one step, and says which', () => {
  const long: string[] = [];
  for (const file of [...sources('src'), ...sources('rest')]) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        if (lines > 80) long.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} (${lines} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(long).toEqual([]);
});

it('no module imports itself through others (a cycle of value imports)', () => {
  const files = [...sources('src'), ...sources('rest')];
  const importsOf = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    const targets: string[] = [];
    for (const [, spec] of text.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)'/gms)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const found = [`${target}.ts`, `${target}/index.ts`].find((f) => importsOf.has(f) || files.includes(f));
      if (found) targets.push(found);
    }
    importsOf.set(file, targets);
  }
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of importsOf.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});
