/**
 * Writes the brief from the figures alone: every number in the text is one of the figures,
 * rounded for display, so verifyBrief can check it. A sentence whose figure is null is left out.
 */
import {
  formatPct, formatQuantity, formatRate, formatScore, formatSignedPct, listJoin, monthName, ordinal, roundsToZero,
} from './format';
import type { BriefFigures, ComposedBrief, MonthFigures, OutlookMonth, Rival } from './types';

/** 'up 2.1% on a year before' / 'down …' / 'level with a year before'. */
function change(pct: number, reference: string): string {
  if (roundsToZero(pct)) return `level with ${reference}`;
  return `${pct > 0 ? 'up' : 'down'} ${formatPct(pct)} on ${reference}`;
}

/** '5.4% above August 2019' / '… below …' / 'level with …'. */
function versus(pct: number, reference: string): string {
  if (roundsToZero(pct)) return `level with ${reference}`;
  return `${formatPct(pct)} ${pct > 0 ? 'above' : 'below'} ${reference}`;
}

function headline(f: BriefFigures): string {
  const base = `${f.name}: ${formatQuantity(f.figures.value)} ${f.measure.unit} in ${monthName(f.month)}`;
  return f.figures.yoyPct === null ? base : `${base}, ${change(f.figures.yoyPct, 'a year before')}`;
}

function latestSentence(f: BriefFigures): string {
  const { yoyPct, vs2019Pct } = f.figures;
  const clauses: string[] = [];
  if (yoyPct !== null) clauses.push(change(yoyPct, 'a year before'));
  if (vs2019Pct !== null) clauses.push(versus(vs2019Pct, monthName(`2019-${f.month.slice(5)}`)));
  const tail = clauses.length ? `, ${clauses.join(' and ')}` : '';
  return `${f.name} recorded ${formatQuantity(f.figures.value)} ${f.measure.unit} in ${monthName(f.month)}${tail}.`;
}

function yearToDate(f: BriefFigures): string | null {
  const pct = f.figures.ytdYoyPct;
  if (pct === null) return null;
  const year = Number(f.month.slice(0, 4));
  const months = f.month.endsWith('-01') ? `January ${year - 1}` : `the same months of ${year - 1}`;
  return `Year to date, ${f.measure.name} are ${change(pct, months)}.`;
}

function rank(f: BriefFigures): string | null {
  const r = f.figures.regionRank;
  if (!r) return null;
  return `${f.name} ranks ${ordinal(r.rank)} of ${r.of} in ${f.region || 'its region'} for ${f.measure.name} in ${monthName(f.month)}.`;
}

function trust(f: BriefFigures): string | null {
  const t = f.figures.trust;
  return t ? `The figures carry trust grade ${t.grade} (score ${formatScore(t.score)}).` : null;
}

function lastSix(f: BriefFigures): string | null {
  const present = f.lastSix.filter((m): m is MonthFigures & { value: number } => m.value !== null);
  if (present.length < 2) return null;
  const low = present.reduce((a, b) => (b.value < a.value ? b : a));
  const high = present.reduce((a, b) => (b.value > a.value ? b : a));
  const span = `Over the last six months ${f.measure.name} ranged from ${formatQuantity(low.value)} in ${monthName(low.month)} to ${formatQuantity(high.value)} in ${monthName(high.month)}`;
  const withYoy = f.lastSix.filter((m): m is MonthFigures & { yoyPct: number } => m.yoyPct !== null);
  if (withYoy.length < 2) return `${span}.`;
  const worst = withYoy.reduce((a, b) => (b.yoyPct < a.yoyPct ? b : a));
  const best = withYoy.reduce((a, b) => (b.yoyPct > a.yoyPct ? b : a));
  return `${span}; the change on a year before ran from ${formatSignedPct(worst.yoyPct)} (${monthName(worst.month)}) to ${formatSignedPct(best.yoyPct)} (${monthName(best.month)}).`;
}

function threeYearAverage(f: BriefFigures): string | null {
  const latest = f.lastSix.find((m) => m.month === f.month);
  if (!latest || latest.vs3yrAvgPct === null) return null;
  return `That is ${versus(latest.vs3yrAvgPct, `the average ${monthName(f.month).split(' ')[0]} of the previous three years`)}.`;
}

function outlookItem(o: OutlookMonth, unit: string): string {
  const yoy = o.yoyPct === null ? '' : `, ${formatSignedPct(o.yoyPct)} on a year before`;
  return `${formatQuantity(o.value)}${unit} in ${monthName(o.month)} (${formatQuantity(o.low)} to ${formatQuantity(o.high)}${yoy})`;
}

function outlook(f: BriefFigures): string | null {
  if (f.outlook.length === 0) return null;
  const items = f.outlook.map((o, i) => outlookItem(o, i === 0 ? ` ${f.measure.unit}` : ''));
  return `Outlook with 80% intervals: ${listJoin(items)}.`;
}

function jetFuel(f: BriefFigures): string | null {
  const j = f.context.jetFuel;
  if (!j) return null;
  const yoy = j.yoyPct === null ? '' : `, ${change(j.yoyPct, 'a year before')}`;
  return `Jet fuel averaged $${j.usdGallon.toFixed(2)} a gallon in ${monthName(j.month)}${yoy}.`;
}

function currency(f: BriefFigures): string | null {
  const c = f.context.currency;
  if (!c || c.currency === 'EUR') return null;
  const yoy = c.yoyPct === null ? '' : `, ${change(c.yoyPct, 'a year before')}`;
  return `One euro bought ${formatRate(c.perEur)} ${c.currency}${yoy}.`;
}

function growth(f: BriefFigures): string | null {
  const g = f.context.growth;
  if (!g) return null;
  if (roundsToZero(g.pct)) return g.projected ? `GDP is projected to be flat in ${g.year}.` : `GDP was flat in ${g.year}.`;
  const verb = g.pct > 0 ? (g.projected ? 'is projected to grow' : 'grew') : g.projected ? 'is projected to shrink' : 'shrank';
  return `GDP ${verb} ${formatPct(g.pct)} in ${g.year}.`;
}

function rivalItem(r: Rival): string {
  const trend = r.yoyPct !== null && r.month ? `, ${change(r.yoyPct, 'a year before')} in ${monthName(r.month)}` : '';
  return `${r.name} (score ${formatScore(r.score)}${trend})`;
}

function rivals(f: BriefFigures): string | null {
  if (f.rivals.length === 0) return null;
  return `Closest rivals for the same travellers: ${listJoin(f.rivals.map(rivalItem))}.`;
}

function rivalFor(f: BriefFigures): string | null {
  if (f.rivalFor.length === 0) return null;
  const names = f.rivalFor.map((iso) => f.names?.[iso] ?? iso);
  return `${listJoin(names)} ${names.length === 1 ? 'counts' : 'count'} ${f.name} among ${names.length === 1 ? 'its' : 'their'} rivals.`;
}

export function composeBrief(figures: BriefFigures): ComposedBrief {
  const sentences = [
    latestSentence(figures), yearToDate(figures), rank(figures), trust(figures), lastSix(figures),
    threeYearAverage(figures), outlook(figures), jetFuel(figures), currency(figures), growth(figures),
    rivals(figures), rivalFor(figures),
  ];
  return { headline: headline(figures), brief: sentences.filter((s): s is string => s !== null) };
}
