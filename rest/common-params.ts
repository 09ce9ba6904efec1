/** Parameters many /v1 routes share, described once. */
import type { ParamSpec } from './params';

export const isoPathParam: ParamSpec = { name: 'iso', kind: 'iso', required: true, description: 'ISO 3166 two-letter country code.' };
export const formatParam: ParamSpec = { name: 'format', kind: 'format', description: 'json (default) or csv.' };
export const fromParam: ParamSpec = { name: 'from', kind: 'period', description: 'First period (YYYY, YYYY-MM or YYYY-Qn), inclusive.' };
export const toParam: ParamSpec = { name: 'to', kind: 'period', description: 'Last period (YYYY, YYYY-MM or YYYY-Qn), inclusive.' };
export const limitParam: ParamSpec = { name: 'limit', kind: 'limit', description: 'Rows per page, 1 to 1000.' };
export const cursorParam: ParamSpec = { name: 'cursor', kind: 'cursor', description: 'Opaque position from meta.next.' };
export const seriesIdParam: ParamSpec = {
  name: 'id',
  kind: 'seriesId',
  required: true,
  description: 'Series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).',
};
export const statusParam: ParamSpec = {
  name: 'status',
  kind: 'flag',
  description: "true adds each observation's status and the publisher's flags (default false: the shape of SPEC.md).",
};
