/** The publisher's unit multiplier ('thousands', 'millions') as a power of ten that turns values into units. */
const EXPONENTS = { thousands: 3, millions: 6, billions: 9 } as const;

/** The multipliers publishers give; a series without one is in units. */
export const SCALES = Object.keys(EXPONENTS) as (keyof typeof EXPONENTS)[];
export type Scale = (typeof SCALES)[number];

/** The exponent of ten of a multiplier; 0 for none. */
function exponentOf(scale: string | null | undefined): number {
  if (scale == null || scale === '') return 0;
  const exponent = (EXPONENTS as Record<string, number>)[scale];
  if (exponent === undefined) throw new Error(`unknown scale ${scale}`);
  return exponent;
}

export function scaleFactor(scale: string | null | undefined): number {
  return 10 ** exponentOf(scale);
}

/** Most decimal places a published figure is read with (a double carries 15–17 significant digits). */
const MAX_PLACES = 15;

/**
 * The figure as published, as a whole number of units in its last decimal place: 8.2 is 82 × 10⁻¹.
 * The places are the fewest whose decimal lies within two units in the last place of the double, so
 * the noise of an earlier sum (0.1 + 0.2) is not read as digits. Null when no short decimal fits.
 */
function decimalDigits(value: number): { digits: number; places: number } | null {
  for (let places = 0; places <= MAX_PLACES; places++) {
    const digits = Math.round(value * 10 ** places);
    if (!Number.isSafeInteger(digits)) return null;
    if (Math.abs(digits / 10 ** places - value) <= 2 * Number.EPSILON * Math.abs(value)) return { digits, places };
  }
  return null;
}

/** The decimal places a figure is written with (8.25 → 2, 1200 → 0): the places of its shortest decimal. */
export function decimalPlaces(value: number): number {
  return Number.isFinite(value) ? (decimalDigits(value)?.places ?? MAX_PLACES) : 0;
}

/**
 * A published value in plain units, exactly as written: 8.2 millions is 8200000 (8.2 × 1e6 is
 * 8199999.999999999 in binary). The multiplier shifts the figure's decimal digits, and the result
 * is one exact operation on integers, so it is the double nearest the true decimal.
 */
export function inUnits(value: number, scale: string | null | undefined): number {
  const exponent = exponentOf(scale);
  if (exponent === 0 || !Number.isFinite(value)) return value;
  const decimal = decimalDigits(value);
  if (decimal === null) return value * 10 ** exponent;
  const shift = exponent - decimal.places;
  return shift >= 0 ? decimal.digits * 10 ** shift : decimal.digits / 10 ** -shift;
}
