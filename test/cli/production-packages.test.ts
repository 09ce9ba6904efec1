/**
 * The compiled service needs only the packages of `dependencies`: what `dist/cli.js` and the chunks
 * it loads import, statically or dynamically, is a Node built-in or a production dependency, never a
 * benchmark, test or build tool (postgraphile, autocannon, esbuild …), so `npm ci --omit=dev` serves.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/paths';

const dist = path.join(PROJECT_ROOT, 'dist');
/** esbuild's import forms: `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`. */
const IMPORTS = [/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm, /^\s*import\s*"([^"]+)"/gm, /\bimport\(\s*"([^"]+)"\s*\)/g];

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for a file. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package the module graph from `entry` imports. */
function packagesImportedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of IMPORTS.flatMap((pattern) => [...code.matchAll(pattern)])) {
      const pkg = packageOf(specifier);
      if (pkg) packages.add(pkg);
      else visit(path.resolve(path.dirname(file), specifier));
    }
  };
  visit(entry);
  return packages;
}

it('dist/cli.js imports nothing outside Node and the production dependencies', () => {
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const imported = [...packagesImportedFrom(path.join(dist, 'cli.js'))];
  expect(imported.length).toBeGreaterThan(10);
  expect(imported.filter((pkg) => !builtins.has(pkg) && !Object.hasOwn(dependencies, pkg))).toEqual([]);
});
