/**
 * The bulk files of the releases present (src/db/bulk-files.ts): which files there are is open to
 * every plan, as the release feed is; a file's download (bulkFile) needs the analyst plan, since it
 * holds every series' figures at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BULK_FILES, bulkType, readBulkManifest, type BulkFile } from '../../db/bulk-files';
import { ApiError } from '../../errors';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';

/** A release version as the ingest names them (20260315T060000Z). */
const RELEASE_NAME = /^\d{8}T\d{6}Z$/;

interface BulkListing {
  release: string;
  files: (BulkFile & { url: string; description: string })[];
}

/** The release file of a version present beside the served one, or null. */
function releaseFileOf(ctx: GraphQLContext, release: string | null | undefined): string | null {
  if (!release) return ctx.snapshot.file;
  if (!RELEASE_NAME.test(release)) return null;
  const file = path.join(path.dirname(ctx.snapshot.file), `${release}.db`);
  return fs.existsSync(file) ? file : null;
}

function listing(ctx: GraphQLContext, release: string | null | undefined): BulkListing | null {
  const file = releaseFileOf(ctx, release);
  const manifest = file ? readBulkManifest(file) : null;
  if (!manifest) return null;
  return {
    release: manifest.release,
    files: manifest.files.map((f) => ({
      ...f,
      type: bulkType(f.name),
      url: `${ctx.publicBaseUrl}/v1/bulk/${encodeURIComponent(manifest.release)}/${encodeURIComponent(f.name)}`,
      description: BULK_FILES.find((b) => b.name === f.name)?.description ?? '',
    })),
  };
}

const BulkFileType = builder.objectRef<BulkListing['files'][number]>('BulkFile').implement({
  description: 'One bulk file of a release: every series at once, in one format.',
  fields: (t) => ({
    name: t.exposeString('name'),
    mediaType: t.exposeString('type', { description: 'Its Content-Type.' }),
    bytes: t.exposeInt('bytes'),
    sha256: t.exposeString('sha256', { description: 'SHA-256 of the file, hex; also its ETag.' }),
    url: t.exposeString('url', { description: 'Where to download it (GET, analyst plan and above; Range requests served).' }),
    description: t.exposeString('description'),
  }),
});

const BulkReleaseType = builder.objectRef<BulkListing>('BulkRelease').implement({
  description: "A release's bulk files.",
  fields: (t) => ({
    release: t.exposeString('release', { description: 'The release version (20260315T060000Z).' }),
    files: t.field({ type: [BulkFileType], resolve: (r) => r.files }),
  }),
});

builder.queryFields((t) => ({
  bulkFiles: t.field({
    type: BulkReleaseType,
    nullable: true,
    description:
      'The bulk files of the served release, or of an earlier release still held (`release`): name, size, SHA-256, media type and ' +
      'download address. Null when that release has no bulk files. Every plan may list them; downloading needs the analyst plan.',
    args: { release: t.arg.string({ description: 'A release version held (20260315T060000Z); the served one when absent.' }) },
    resolve: (_root, args, ctx) => {
      if (args.release != null && !releaseFileOf(ctx, args.release)) throw new ApiError('not_found', `No release ${args.release.slice(0, 40)} is held.`);
      return listing(ctx, args.release);
    },
  }),
  bulkFile: t.field({
    type: BulkFileType,
    description: 'One bulk file of a release held, to download (the analyst plan and above).',
    authScopes: { analyst: true },
    args: {
      release: t.arg.string({ required: true, description: 'A release version held (20260315T060000Z).' }),
      name: t.arg.string({ required: true, description: 'The file name: observations.parquet, series.csv, series.json or csv.zip.' }),
    },
    resolve: (_root, args, ctx) => {
      const file = listing(ctx, args.release)?.files.find((f) => f.name === args.name);
      if (!file) throw new ApiError('not_found', `No bulk file ${args.name.slice(0, 60)} in release ${args.release.slice(0, 40)}.`);
      return file;
    },
  }),
}));
