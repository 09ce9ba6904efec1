/** An example value per parameter kind: used by the OpenAPI document and the route-plan test. */
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
