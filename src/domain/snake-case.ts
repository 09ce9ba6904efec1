/**
 * The one mapping from the camelCase names inside the code to the snake_case names of the REST
 * edge (and of the notes that name REST fields): a name's words, lower case, joined by `_`.
 */

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** The leading digits of S and the rest. */
type SplitDigits<S extends string, D extends string = ''> = S extends `${infer C extends Digit}${infer R}` ? SplitDigits<R, `${D}${C}`> : [D, S];

/**
 * `gdpGrowthPct` → `gdp_growth_pct`, `vs2019Pct` → `vs_2019_pct`: each capital and each digit run
 * inside the name starts a word; a digit run that ends the name stays on its word (`iso3`, `lo80`).
 */
export type SnakeCase<S extends string> = S extends `${infer C}${infer R}`
  ? C extends Digit
    ? SplitDigits<S> extends [infer D extends string, infer Rest extends string]
      ? Rest extends ''
        ? D
        : `_${D}${SnakeCase<Rest>}`
      : never
    : C extends Lowercase<C>
      ? `${C}${SnakeCase<R>}`
      : `_${Lowercase<C>}${SnakeCase<R>}`
  : S;

export function snakeCase<S extends string>(name: S): SnakeCase<S>;
export function snakeCase(name: string): string {
  return name.replace(/\d+(?!\d|$)/g, '_$&').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
