/** An example value per parameter kind: used by the OpenAPI document, its examples and the route-plan test. */
import type { ParamSpec } from './params';

const BY_KIND: Record<ParamSpec['kind'], unknown> = {
  isoList: ['ES'],
  iso: 'ES',
  period: '2019',
  freq: 'M',
  limit: 10,
  year: 2019,
  measure: 'arrivals',
  currency: ['USD'],
  text: 'nights',
  seriesId: 'es.nights.total.m',
  format: 'json',
  cursor: undefined,
  date: '2026-03-01',
  flag: true,
};

export function exampleValue(spec: ParamSpec): unknown {
  return spec.example ?? BY_KIND[spec.kind];
}

/** The example value as it is written in a URL (lists comma separated); undefined for none. */
export function exampleText(spec: ParamSpec): string | undefined {
  const value = exampleValue(spec);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A request of a route with example values for its path and required parameters: path and query. */
export function exampleRequest(route: { path: string; pathParams: readonly ParamSpec[]; query: readonly ParamSpec[] }): { path: string; query: string } {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(exampleText(route.pathParams.find((p) => p.name === name)!) ?? ''));
  const query = new URLSearchParams();
  for (const spec of route.query) {
    const text = spec.required ? exampleText(spec) : undefined;
    if (text !== undefined) query.set(spec.name, text);
  }
  return { path, query: query.toString() };
}
