/** A /v1 request's parameters, read and checked against its route's declaration. */
import { ApiError } from '../src/errors';
import { periodBounds } from '../src/graphql/args';
import { decodeCursor } from './paging';
import { parseParam, type ParamSpec } from './params';
import { FORMAT_PARAM } from './route-params';
import type { CompiledRoute, Params } from './route';

/** Unknown names, then path parameters, then each query parameter once; the period's order and the cursor last. */
export function parseRequestParams(c: CompiledRoute, values: string[], query: URLSearchParams): Params {
  const { route } = c;
  const params: Params = {};
  for (const key of query.keys()) {
    // format is understood everywhere: where CSV is not offered, format=csv is a bad value, not an unknown name.
    if (key !== 'format' && !route.query.some((q) => q.name === key)) {
      throw new ApiError('unknown_parameter', `${route.path} does not take the parameter "${key.slice(0, 40)}".`);
    }
  }
  // The router gives them percent-decoded.
  c.names.forEach((name, i) => {
    const spec = route.pathParams.find((p) => p.name === name)!;
    params[name] = parseParam(spec, values[i]);
  });
  const specs: readonly ParamSpec[] = route.query.some((q) => q.name === 'format') ? route.query : [...route.query, FORMAT_PARAM];
  for (const spec of specs) {
    const all = query.getAll(spec.name);
    if (all.length > 1) throw new ApiError('invalid_parameter', `${spec.name} is given more than once.`);
    if (all.length === 0) {
      if (spec.required) throw new ApiError('invalid_parameter', `${spec.name} is required.`);
      continue;
    }
    params[spec.name] = parseParam(spec, all[0]);
  }
  if (params.format === 'csv' && !route.csv) {
    throw new ApiError('invalid_parameter', `${route.path} is served as ${route.document ? 'Atom or JSON' : 'JSON'} only.`);
  }
  if ((params.format === 'jsonstat' || params.format === 'sdmx-csv') && !route.dataset) {
    throw new ApiError('invalid_parameter', `${route.path} lists no observations: it is served as ${route.document ? 'Atom or JSON' : route.csv ? 'JSON or CSV' : 'JSON'} only.`);
  }
  if (typeof params.from === 'string' && typeof params.to === 'string') {
    try {
      periodBounds(params.from, params.to);
    } catch (e) {
      throw new ApiError('invalid_parameter', (e as Error).message);
    }
  }
  if (typeof params.cursor === 'string') {
    const after = decodeCursor(params.cursor);
    if (after === null) throw new ApiError('invalid_parameter', 'cursor is not one this service issued.');
    params.after = after;
  }
  return params;
}
