/**
 * Bulk files: every series of a release at once, as Parquet, CSV (zipped, one file per country) and
 * the series' metadata as CSV and JSON. The listing is open to every plan; a file needs the analyst
 * plan (its operation's field says so) and is streamed from disk with ETag and Range support.
 */
import path from 'node:path';
import { BulkFileDocument, BulkFilesDocument } from '../../src/generated/operations';
import { ApiError } from '../../src/errors';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';

export const bulkRoutes = [
  defineRoute({
    path: '/v1/bulk',
    summary: 'The bulk files of the served release (or of an earlier release held): name, size, SHA-256, media type and download address.',
    description:
      'Every plan may list them; downloading a file (`url`) needs the analyst plan or above. The files of a release never change, ' +
      'so a download cut off resumes with a Range request and `If-Range` set to the ETag (the SHA-256 in quotes). ' +
      'Guide: /docs/guides/bulk.',
    params: {
      release: 'A release version held (20260315T060000Z, as /v1/releases/feed names them); the served release when absent.',
    },
    csv: 'rows',
    operation: BulkFilesDocument,
    shape: (r) => ({
      meta: { release: r.bulkFiles?.release ?? null },
      data: (r.bulkFiles?.files ?? []).map((f) => snakeFields(f)),
    }),
  }),
  defineRoute({
    path: '/v1/bulk/{release}/{name}',
    summary: 'One bulk file, streamed from disk: ETag (its SHA-256), If-None-Match (304), Range (206; 416 beyond the end) and If-Range.',
    description:
      'observations.parquet, series.csv, series.json or csv.zip of a release held (/v1/bulk lists them). The answer is the file itself, ' +
      'sent as an attachment; errors are the usual JSON error body.',
    params: {
      release: 'A release version held (20260315T060000Z).',
      name: 'observations.parquet, series.csv, series.json or csv.zip.',
    },
    csv: false,
    operation: BulkFileDocument,
    shape: (r) => ({ data: snakeFields(r.bulkFile) }),
    file: {
      description: 'The file itself, in its media type (application/vnd.apache.parquet, text/csv, application/json or application/zip).',
      locate: (r, p, releasesDir) => {
        const name = path.basename(r.bulkFile.name);
        // The release was checked by the operation against the releases present.
        if (!/^\d{8}T\d{6}Z$/.test(p.release)) throw new ApiError('not_found', 'No such release.');
        return {
          path: path.join(releasesDir, p.release, name),
          type: r.bulkFile.mediaType,
          bytes: r.bulkFile.bytes,
          sha256: r.bulkFile.sha256,
          filename: `tourism-${p.release}-${name}`,
        };
      },
    },
  }),
];
