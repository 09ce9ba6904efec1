/** What rest/shape-schemas.ts generates from the route shapes (src/generated/route-schemas.ts). */
export type JsonSchema = { [key: string]: unknown };

export interface GeneratedRoute {
  /** The routes module the route is defined in. */
  tag: string;
  data: JsonSchema;
  /** The meta fields this route adds to the envelope's own; null when it adds none. */
  meta: JsonSchema | null;
  /** Error codes its variables and shaping can throw. */
  errors: string[];
}

export interface RouteSchemas {
  routes: Record<string, GeneratedRoute>;
  /** Tag → the routes module's opening comment. */
  tags: Record<string, string>;
  /** EnvelopeMeta (rest/route.ts) and ErrorBody (src/errors.ts). */
  named: Record<string, JsonSchema>;
}
