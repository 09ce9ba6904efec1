/** How figures are written on the page: every digit the API gives, grouped; changes with a sign. */
const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : NUMBER.format(value);
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
