/**
 * Imports run downward: domain ← db, auth, ingest ← graphql ← rest ← server ← cli. A module may
 * import from its own layer or those below it, never from one above.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths';

const LAYERS: [RegExp, number][] = [
  [/^src\/(domain\/|errors\.ts|project-root\.ts)/, 0],
  [/^src\/(db|auth|ingest)\//, 1],
  [/^src\/graphql\//, 2],
  [/^rest\//, 3],
  [/^src\/(server\/|holiday-worker\.ts)/, 4],
  [/^src\/(cli\.ts|bench\/)/, 5],
];

const layerOf = (file: string): number | null => LAYERS.find(([re]) => re.test(file))?.[1] ?? null;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

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
  // The caches a module may hold with lru-cache: the result cache's store, Yoga's parsed queries, the holiday rules' answers.
  const allowed = ['src/graphql/holiday-rules.ts', 'src/graphql/result-cache.ts', 'src/server/graphql-endpoint.ts'];
  const users = [...sources('src'), ...sources('rest')].filter((file) => /from 'lru-cache'/.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
  expect(users.sort()).toEqual(allowed);
  const store = fs.readFileSync(path.join(PROJECT_ROOT, 'src/graphql/result-cache.ts'), 'utf8');
  expect(store).toMatch(/from '@envelop\/response-cache'/);
  const endpoint = fs.readFileSync(path.join(PROJECT_ROOT, 'src/server/graphql-endpoint.ts'), 'utf8');
  expect(endpoint).toMatch(/useResultCache\(/);
});
