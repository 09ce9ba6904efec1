/**
 * Checks a written brief against its figures before it is served. Every number in the text
 * must be one of the figures of its kind, allowing for display rounding (read back from the
 * digits shown); a percentage said with a direction ("up", "below", "-1.2%") must also have
 * the figure's sign. Dates must be months (or years) the figures are about. The checker reads
 * only the text and the figures, not how the text was written, so it also guards hand edits.
 *
 * Known limit: a number is matched against every figure of its kind, so two figures of the
 * same kind swapped with each other would pass.
 */
import { MONTH_NAMES } from './format';
import type { BriefCheck, BriefFigures } from './types';

type Kind = 'percentage' | 'quantity' | 'rank' | 'dollar amount' | 'number';

interface Allowed {
  byKind: Record<Kind, number[]>;
  months: Set<string>;
  years: Set<number>;
}

const nums = (...values: (number | null | undefined)[]): number[] =>
  values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

function allowedFrom(f: BriefFigures): Allowed {
  const { figures: h, context: c } = f;
  const quantities = nums(h.value, ...f.lastSix.map((m) => m.value), ...f.outlook.flatMap((o) => [o.value, o.low, o.high]));
  const percentages = nums(
    h.yoyPct, h.vs2019Pct, h.ytdYoyPct,
    ...f.lastSix.flatMap((m) => [m.yoyPct, m.vs2019Pct, m.vs3yrAvgPct]),
    ...f.outlook.map((o) => o.yoyPct), c.jetFuel?.yoyPct, c.currency?.yoyPct, c.growth?.pct,
    ...f.rivals.map((r) => r.yoyPct),
  );
  const months = new Set<string>([
    // The latest month, the same month a year before (the year-to-date of a January names it) and in 2019.
    f.month, `${Number(f.month.slice(0, 4)) - 1}-${f.month.slice(5)}`, `2019-${f.month.slice(5)}`,
    ...f.lastSix.map((m) => m.month), ...f.outlook.map((o) => o.month),
    ...(c.jetFuel ? [c.jetFuel.month] : []), ...f.rivals.flatMap((r) => (r.month ? [r.month] : [])),
  ]);
  const latestYear = Number(f.month.slice(0, 4));
  const years = new Set<number>([...[...months].map((m) => Number(m.slice(0, 4))), latestYear - 1, ...(c.growth ? [c.growth.year] : [])]);
  return {
    byKind: {
      percentage: percentages,
      quantity: quantities,
      rank: nums(h.regionRank?.rank),
      'dollar amount': nums(c.jetFuel?.usdGallon),
      number: [...quantities, ...nums(h.regionRank?.of, h.trust?.score, c.currency?.perEur, ...f.rivals.map((r) => r.score))],
    },
    months,
    years,
  };
}

/** The level of the outlook's intervals is a constant of the service, not a figure. */
const CONSTANT_PHRASES = /\b80% intervals?\b/g;
const DATE = new RegExp(`\\b(${MONTH_NAMES.join('|')}) (\\d{4})\\b`, 'g');
/** Quantities of 1,000 and more are always written with separators, so a bare four-digit number is a year. */
const YEAR = /(?<![\d.,$+\-−])\b(\d{4})\b(?![.,]\d|%| (?:million|billion)\b)/g;
const NUMBER = /(^|[^\w.,$])([+\-−]?)(\$?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%| million\b| billion\b|st\b|nd\b|rd\b|th\b)?/g;

const UP_BEFORE = new Set(['up', 'grew', 'grow']);
const DOWN_BEFORE = new Set(['down', 'shrank', 'shrink']);
const UP_AFTER = new Set(['above', 'more', 'higher']);
const DOWN_AFTER = new Set(['below', 'less', 'fewer', 'lower']);

/** +1 / −1 when the words around a percentage say which way it goes, 0 when they do not. */
function direction(before: string, after: string): number {
  const previous = /(\w+)\s*$/.exec(before)?.[1]?.toLowerCase() ?? '';
  const next = /^\s*(\w+)/.exec(after)?.[1]?.toLowerCase() ?? '';
  if (UP_BEFORE.has(previous) || UP_AFTER.has(next)) return 1;
  if (DOWN_BEFORE.has(previous) || DOWN_AFTER.has(next)) return -1;
  return 0;
}

function kindOf(dollar: string, suffix: string | undefined): Kind {
  if (dollar) return 'dollar amount';
  if (suffix === '%') return 'percentage';
  if (suffix === ' million' || suffix === ' billion') return 'quantity';
  if (suffix) return 'rank';
  return 'number';
}

function checkDates(sentence: string, allowed: Allowed, where: string, problems: string[]): string {
  const withoutDates = sentence.replace(DATE, (whole, month: string, year: string) => {
    const period = `${year}-${String(MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number]) + 1).padStart(2, '0')}`;
    if (!allowed.months.has(period)) problems.push(`${where}: date "${whole}" is not a month the figures cover`);
    return ' ';
  });
  return withoutDates.replace(YEAR, (whole, year: string) => {
    if (!allowed.years.has(Number(year))) problems.push(`${where}: year "${whole}" is not a year the figures cover`);
    return ' ';
  });
}

function checkNumbers(text: string, allowed: Allowed, where: string, problems: string[]): void {
  for (const match of text.matchAll(NUMBER)) {
    const [whole, lead, sign, dollar, integer, decimals, suffix] = match;
    const raw = whole.slice(lead.length).trim();
    const kind = kindOf(dollar, suffix);
    const scale = suffix === ' million' ? 1e6 : suffix === ' billion' ? 1e9 : 1;
    const shown = Number(`${integer.replace(/,/g, '')}.${decimals ?? '0'}`) * scale;
    const tolerance = 0.5 * 10 ** -(decimals?.length ?? 0) * scale + 1e-9 * Math.max(1, shown);
    const index = match.index ?? 0;
    const said = sign ? (sign === '+' ? 1 : -1) : kind === 'percentage' ? direction(text.slice(0, index + lead.length), text.slice(index + whole.length)) : 0;
    const fits = (figure: number): boolean =>
      said === 0 ? Math.abs(Math.abs(figure) - shown) <= tolerance : Math.abs(figure - said * shown) <= tolerance;
    if (!allowed.byKind[kind].some(fits)) problems.push(`${where}: "${raw}" matches no ${kind} in the figures`);
  }
}

/** Check every number and date in the sentences (pass the headline too) against the figures. */
export function verifyBrief(text: readonly string[], figures: BriefFigures): BriefCheck {
  const allowed = allowedFrom(figures);
  const problems: string[] = [];
  text.forEach((sentence, i) => {
    const where = `sentence ${i + 1}`;
    const rest = checkDates(sentence.replace(CONSTANT_PHRASES, ' '), allowed, where, problems);
    checkNumbers(rest, allowed, where, problems);
  });
  return { ok: problems.length === 0, problems };
}
