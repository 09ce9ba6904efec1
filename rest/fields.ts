/**
 * REST field names from the operation's result: snake_case of the GraphQL camelCase names, so a
 * route writes out only the fields it renames or computes. Key order is the selection's order,
 * which is the order the answers emit.
 */

import { snakeCase, type SnakeCase } from '../src/domain/snake-case';

export { snakeCase, type SnakeCase };

/** REST names that are not the snake_case of the GraphQL name, by GraphQL name. */
export type Renames<T> = { readonly [K in keyof T]?: string };

/** A field absent from the result (an optional GraphQL field) is null in the answer. */
type Present<V> = Exclude<V, undefined> | (undefined extends V ? null : never);

/** The REST name of field K. */
type RestName<K, R> = K extends keyof R ? (R[K] extends string ? R[K] : never) : K extends string ? SnakeCase<K> : never;

// `K in keyof T` (not a narrower key set) keeps T's field order in the type, which the OpenAPI schemas follow.
export type SnakeFields<T, R extends Renames<T> = {}> = {
  -readonly [K in keyof T as RestName<K, R>]-?: Present<T[K]>;
};

/** snake_case of the field names met so far: a handful of names, renamed at every row of a list. */
const snakeNames = new Map<string, string>();

function snakeName(key: string): string {
  let name = snakeNames.get(key);
  if (name === undefined) snakeNames.set(key, (name = snakeCase(key)));
  return name;
}

/** The object with its fields renamed to their REST names, in the same order; undefined becomes null. */
export function snakeFields<T extends object, const R extends Renames<T> = {}>(obj: T, renames?: R): SnakeFields<T, R> {
  const names: { readonly [key: string]: string | undefined } = renames ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) out[names[key] ?? snakeName(key)] = value ?? null;
  // The one step the compiler cannot follow: keys built at run time from the names SnakeFields computes.
  return out as SnakeFields<T, R>;
}
