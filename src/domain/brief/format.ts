/**
 * Display formats shared by the writer and the checker. The checker reads the precision
 * back from the text (digits after the point, "million"), so these only need to be readable.
 */

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** '2025-08' → 'August 2025'. */
export function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** Thousands separators on the integer part: 1234567.5 → '1,234,567.5'. */
export function withSeparators(text: string): string {
  const [whole, fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Counts: 12,345 below a million, then '12.3 million' / '1.2 billion'. */
export function formatQuantity(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const millions = Number((abs / 1e6).toFixed(1));
  if (millions >= 1000) return `${sign}${(abs / 1e9).toFixed(1)} billion`;
  if (Math.round(abs) >= 1e6) return `${sign}${millions.toFixed(1)} million`;
  const digits = Number.isInteger(abs) || abs >= 100 ? 0 : 1;
  return sign + withSeparators(abs.toFixed(digits));
}

/** Percentages without sign, one decimal: the direction is said in words. */
export function formatPct(pct: number): string {
  return `${Math.abs(pct).toFixed(1)}%`;
}

/** Signed percentage for lists: '+4.5%', '-1.2%'. */
export function formatSignedPct(pct: number): string {
  const text = Math.abs(pct).toFixed(1);
  return `${pct < 0 && Number(text) !== 0 ? '-' : '+'}${text}%`;
}

/** Does a percentage show as 0.0? Then it is said as "level with". */
export function roundsToZero(pct: number): boolean {
  return Number(Math.abs(pct).toFixed(1)) === 0;
}

/** Four significant digits, never exponent form: 1.082, 0.8523, 160.2, 17,012. */
export function formatRate(value: number): string {
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const digits = Math.max(0, Math.min(6, 3 - magnitude));
  return withSeparators(value.toFixed(digits));
}

/** Scores 0..100: whole numbers as such, otherwise one decimal. */
export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** 'A', 'A and B', 'A, B and C'. */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
