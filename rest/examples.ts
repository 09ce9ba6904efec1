/** Example requests from the parameters' examples: used by the OpenAPI document, its examples and the route-plan test. */
import { paramExample, type ParamSpec } from './params';

/** The example value as it is written in a URL (lists comma separated); undefined for none. */
export function exampleText(spec: ParamSpec): string | undefined {
  const value = paramExample(spec);
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
