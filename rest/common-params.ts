/** Parameters many /v1 routes share, described once. */
import { defineParam } from './params';

export const isoPathParam = defineParam({ name: 'iso', kind: 'iso', required: true, description: 'ISO 3166 two-letter country code.' });
export const formatParam = defineParam({ name: 'format', kind: 'format', description: 'json (default) or csv.' });
export const fromParam = defineParam({ name: 'from', kind: 'period', description: 'First period (YYYY, YYYY-MM or YYYY-Qn), inclusive.' });
export const toParam = defineParam({ name: 'to', kind: 'period', description: 'Last period (YYYY, YYYY-MM or YYYY-Qn), inclusive.' });
export const limitParam = defineParam({ name: 'limit', kind: 'limit', description: 'Rows per page, 1 to 1000.' });
export const cursorParam = defineParam({ name: 'cursor', kind: 'cursor', description: 'Opaque position from meta.next.' });
export const seriesIdParam = defineParam({
  name: 'id',
  kind: 'seriesId',
  required: true,
  description: 'Series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).',
});
export const statusParam = defineParam({
  name: 'status',
  kind: 'flag',
  description: "true adds each observation's status and the publisher's flags (default false: the shape of SPEC.md).",
});
