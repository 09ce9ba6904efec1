/**
 * A country's brief: the latest month in words and figures, written from the figures and checked
 * against them before it is served. The ingest computes and stores those of the release's months
 * from every figure (StoredBrief); a caller whose plan hides some figure, or whose month was not
 * stored, has one computed from the figures it sees (graphql/types/brief.ts).
 */
import { assembleBriefFigures, contextPoint } from '../domain/brief/assemble';
import { composeBrief, verifyBrief, type BriefFigures } from '../domain/brief';
import { periodRates, type PeriodRates } from '../domain/conversion';
import { gaps, type GapObservation } from '../domain/gaps';
import { monthsBehind, yearBefore } from '../domain/periods';
import { trustGrade } from '../domain/trust';
import { yoyPct } from '../domain/yoy';
import { roundOrNull } from '../domain/numeric';
import type { Observation } from '../generated/prisma/client';
import type { Prisma } from './client';
import type { PrimarySeries } from './primary-series';
import type { CountryRivals } from './rival-table';

export interface ServedBrief {
  figures: BriefFigures;
  headline: string;
  brief: string[];
}

/** Why a country has no brief: no monthly headline series with figures, or a brief withheld by the number check. */
export const BRIEF_ABSENCES = ['no_monthly_series', 'withheld'] as const;
export type BriefAbsence = (typeof BRIEF_ABSENCES)[number];

/** What a brief is computed from: the release, "today", and the figures the caller sees. */
export interface BriefSources {
  prisma: Prisma;
  now: Date;
  /** Every country's primary series. */
  primaries: () => Promise<ReadonlyMap<string, PrimarySeries>>;
  /** A series' observations the caller sees, oldest first. */
  observations: (seriesId: string) => Promise<Observation[]>;
  rivals: (iso: string) => Promise<CountryRivals>;
  /** The countries that list `iso` among their rivals, in code order. */
  rivalFor: (iso: string) => Promise<string[]>;
  currencyRates: (currency: string) => Promise<PeriodRates | 'EUR' | null>;
  /** Monthly jet fuel prices, oldest first. */
  jetFuel: () => Promise<{ period: string; value: number }[]>;
  log: (line: string) => void;
}

const FLAGGED = new Set(['estimated', 'provisional', 'break']);

/** The month (YYYY-MM) a brief is of "today" for: its gaps and trust count whole months. */
export function briefMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

async function growthOf(prisma: Prisma, iso: string, year: number) {
  const rows = await prisma.indicator.findMany({
    where: { countryIso: iso, indicator: { in: ['NY.GDP.MKTP.KD.ZG', 'WEO:gdp_growth_pct'] }, year: { lte: year } },
    orderBy: { year: 'desc' },
  });
  // The World Bank's figure for the year, else the IMF's (flagged when a projection), else the newest present.
  const pick = rows.find((r) => r.year === year && r.indicator === 'NY.GDP.MKTP.KD.ZG') ?? rows.find((r) => r.year === year) ?? rows[0];
  return pick ? { year: pick.year, pct: roundOrNull(pick.value, 1)!, projected: pick.projection } : null;
}

async function currencyContext(sources: BriefSources, currency: string | null, month: string) {
  if (!currency) return null;
  if (currency === 'EUR') return { currency, perEur: 1, yoyPct: 0 };
  const rates = await sources.currencyRates(currency);
  if (!rates || rates === 'EUR') return null;
  const point = contextPoint([...rates.monthly].map(([period, value]) => ({ period, value })), month);
  return point ? { currency, perEur: point.value, yoyPct: point.yoyPct } : null;
}

export async function buildBrief(sources: BriefSources, iso: string): Promise<ServedBrief | BriefAbsence> {
  const { prisma } = sources;
  // Briefs are of monthly series: a country whose primary series is annual has none.
  const primaries = new Map([...(await sources.primaries())].filter(([, p]) => p.freq === 'M'));
  const main = primaries.get(iso);
  if (!main) return 'no_monthly_series';
  const observations = await sources.observations(main.id);
  const present = observations.filter((o) => o.value !== null);
  if (present.length === 0) return 'no_monthly_series';
  const month = present[present.length - 1].period;
  // Region peers with the same measure, for the rank in the latest month.
  const peers = [...primaries.values()].filter((p) => p.measure === main.measure && p.country.regionSlug && p.country.regionSlug === main.country.regionSlug);
  const peerObs = await Promise.all(peers.map((p) => sources.observations(p.id)));
  const regionValues = peers.flatMap((p, i) => {
    const v = peerObs[i].find((o) => o.period === month)?.value;
    return v == null ? [] : [{ country: p.countryIso, value: v }];
  });
  const [country, revisions, fuel, table] = await Promise.all([
    prisma.country.findUnique({ where: { iso }, select: { currency: true, region: { select: { name: true } } } }),
    prisma.revision.count({ where: { seriesId: main.id } }),
    sources.jetFuel(),
    sources.rivals(iso),
  ]);
  const report = gaps(observations as GapObservation[], sources.now, 1);
  const trust = trustGrade({
    completePct: report?.completePct ?? 0,
    revisions,
    flaggedShare: present.filter((o) => FLAGGED.has(o.status)).length / present.length,
    monthsBehind: monthsBehind(month, sources.now),
  });
  const jet = contextPoint(fuel, month);
  const rivals = await Promise.all(
    table.rivals.map(async (r) => {
      const theirs = primaries.get(r.country);
      const obs = theirs ? (await sources.observations(theirs.id)).filter((o) => o.value !== null) : [];
      const last = obs[obs.length - 1];
      const before = last ? obs.find((o) => o.period === yearBefore(last.period)) : undefined;
      return {
        country: r.country,
        name: r.name,
        score: r.score,
        sharedMarkets: r.sharedMarkets.map((m) => m.country),
        month: last?.period ?? null,
        yoyPct: last ? yoyPct(last.value, before?.value) : null,
      };
    }),
  );
  const rivalForCodes = await sources.rivalFor(iso);
  const names = Object.fromEntries(
    (await prisma.country.findMany({ where: { iso: { in: rivalForCodes } }, select: { iso: true, name: true } })).map((c) => [c.iso, c.name]),
  );
  const figures = assembleBriefFigures({
    country: iso,
    name: main.country.name,
    region: country?.region?.name ?? null,
    measure: { name: main.measure, unit: main.measure },
    observations,
    regionValues,
    trust,
    context: {
      jetFuel: jet ? { month: jet.month, usdGallon: jet.value, yoyPct: jet.yoyPct } : null,
      currency: await currencyContext(sources, country?.currency ?? null, month),
      growth: await growthOf(prisma, iso, Number(month.slice(0, 4))),
    },
    rivals,
    rivalFor: rivalForCodes,
    names,
  });
  if (!figures) return 'no_monthly_series';
  const text = composeBrief(figures);
  const check = verifyBrief([text.headline, ...text.brief], figures);
  // A brief whose text does not match its figures is not served.
  if (!check.ok) {
    sources.log(`brief of ${iso} withheld: its text failed the number check: ${check.problems.join('; ')}`);
    return 'withheld';
  }
  return { figures, headline: text.headline, brief: text.brief };
}

/** A stored brief row as the outcome it holds. */
export function storedOutcome(row: { body: string | null; absence: string | null }): ServedBrief | BriefAbsence {
  return row.body === null ? (row.absence as BriefAbsence) : (JSON.parse(row.body) as ServedBrief);
}

/** One currency's period-average rates (null when the release holds none of its rates). */
export async function readCurrencyRates(prisma: Prisma, currency: string): Promise<PeriodRates | 'EUR' | null> {
  if (currency === 'EUR') return 'EUR';
  const rows = await prisma.fxRate.findMany({ where: { currency }, select: { date: true, rate: true } });
  return rows.length ? periodRates(rows) : null;
}

/** Monthly jet fuel prices, oldest first: every brief places its month among them. */
export function readJetFuel(prisma: Prisma): Promise<{ period: string; value: number }[]> {
  return prisma.price.findMany({ where: { code: 'jet_fuel' }, orderBy: { period: 'asc' }, select: { period: true, value: true } });
}
