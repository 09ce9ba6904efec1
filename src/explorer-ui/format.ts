/** How figures are written on the page: every digit the API gives, grouped; changes with a sign. */
const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : NUMBER.format(value);
}

/** A unit that is an amount of money: an ISO 4217 code, as the API writes a currency unit ("USD"). */
const isCurrency = (unit: string) => /^[A-Z]{3}$/.test(unit);
const RATE_UNITS = new Set(['percent', '%']);

/**
 * How many decimals a figure of a unit and scale may show, at least and at most: counts of people,
 * nights or rooms are whole; in thousands or millions at most one decimal, as publishers give them;
 * money in its currency's minor unit (cents), one decimal in millions; percentages one decimal.
 */
export function unitDecimals(unit: string, scale: string | null | undefined): { min: number; max: number } {
  if (RATE_UNITS.has(unit)) return { min: 1, max: 1 };
  if (scale) return { min: 0, max: 1 };
  if (isCurrency(unit)) {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency: unit }).resolvedOptions().maximumFractionDigits ?? 2;
    return { min: 0, max: digits };
  }
  if (/^(index|ratio)/.test(unit)) return { min: 0, max: 2 };
  return { min: 0, max: 0 };
}

const FIGURE_FORMATS = new Map<string, Intl.NumberFormat>();

/** A figure written at its unit's precision (data-value keeps every digit the API gives). */
export function formatFigure(value: number | null | undefined, unit: string, scale: string | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const { min, max } = unitDecimals(unit, scale);
  const key = `${min}:${max}`;
  let format = FIGURE_FORMATS.get(key);
  if (!format) FIGURE_FORMATS.set(key, (format = new Intl.NumberFormat('en', { minimumFractionDigits: min, maximumFractionDigits: max })));
  return format.format(value);
}

/** +25.0%, −3.2%, or – without a figure. */
export function formatPct(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}%`;
}

/** The unit with the publisher's scale when values are as published, as /v1 writes it: "persons (thousands)". */
export function unitLabel(unit: string, scale: string | null | undefined): string {
  return scale ? `${unit} (${scale})` : unit;
}

const TICK = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis labels: short (20M, 1.5K) so they fit a phone; the tables carry the exact figures. */
export function formatTick(value: number): string {
  return TICK.format(value);
}
