/**
 * The explorer's browser bundle (dist/explorer/, built and gzipped by src/build.mjs from
 * src/explorer-ui/ with uPlot from node_modules): read once, answered with an ETag so a revisit
 * costs a 304.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../project-root';

export const BUNDLE_DIR = path.join(PROJECT_ROOT, 'dist', 'explorer');

/** The files the page loads, with their types; nothing else under /explore/assets/ is served. */
export const ASSET_TYPES: Readonly<Record<string, string>> = {
  'explorer.js': 'text/javascript; charset=utf-8',
  'explorer.css': 'text/css; charset=utf-8',
};

export interface Asset {
  type: string;
  bytes: Buffer;
  gzipped: Buffer;
  etag: string;
}

const loaded = new Map<string, Asset>();

/** One asset of the bundle, or null for a name that is not one; throws when the bundle was not built. */
export function explorerAsset(name: string): Asset | null {
  const type = ASSET_TYPES[name];
  if (!type) return null;
  let asset = loaded.get(name);
  if (!asset) {
    const file = path.join(BUNDLE_DIR, name);
    for (const needed of [file, `${file}.gz`]) {
      if (!fs.existsSync(needed)) throw new Error(`${needed} is missing: the explorer bundle is built by "npm run build"`);
    }
    const bytes = fs.readFileSync(file);
    asset = {
      type,
      bytes,
      gzipped: fs.readFileSync(`${file}.gz`),
      etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
    };
    loaded.set(name, asset);
  }
  return asset;
}
