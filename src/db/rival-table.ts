/**
 * Every country's rivals: computed at ingest from all countries' origin mixes and season shapes
 * (buildRivalTable), stored in the release (CountryRivals, Rival, RivalMarket) and read from there
 * by Country.rivals and the brief, like any other column.
 */
import type { Prisma } from './client';
import {
  annualCountryMixes,
  calendarYearMixes,
  chooseRivals,
  regionMixes,
  richestMixes,
  seasonShape,
  type CountryProfile,
  type OriginSeries,
  type RivalBasis,
} from '../domain/rival-profiles';
import { TRIPS_MATRIX_TABLE } from '../domain/origin-breakdown';
import { originLabel } from '../domain/origin-labels';
import type { PeriodValue } from '../domain/series';

export interface SharedMarket {
  /** Origin code: an ISO country code or a UN Tourism region of origin. */
  country: string;
  name: string;
}

export interface RivalEntry {
  country: string;
  name: string;
  rank: number;
  score: number;
  sharedMarkets: SharedMarket[];
  basis: string;
}

export interface CountryRivals {
  basis: RivalBasis | null;
  period: string | null;
  rivals: RivalEntry[];
}

/** The table of UN Tourism's arrivals by region of origin (annual). */
const REGION_ORIGIN_TABLE = 'unwto_inbound_regions';

/** The country-of-origin data, in words, as `basis` names it. */
const MATRIX_SOURCE = 'trips of EU/EFTA residents by country of destination (Eurostat tour_dem_ttw, household surveys)';
/** Monthly origins (nationality or residence, as each national office counts them), named by their publishers. */
const monthlySource = (publishers: readonly string[]) => `visitor arrivals by origin summed over the calendar year (${publishers.join(', ')})`;

/** A country without a rival choice stored. */
export const NO_RIVALS: CountryRivals = { basis: null, period: null, rivals: [] };

/** Every country's stored rivals (a country absent has NO_RIVALS), in one statement per table. */
export async function readRivals(prisma: Prisma): Promise<Map<string, CountryRivals>> {
  const rows = await prisma.countryRivals.findMany({
    include: { rivals: { orderBy: { rank: 'asc' }, include: { markets: { orderBy: { position: 'asc' } } } } },
  });
  return new Map(
    rows.map((r) => [
      r.countryIso,
      {
        basis: r.basis as RivalBasis | null,
        period: r.period,
        rivals: r.rivals.map((x) => ({
          country: x.rivalIso,
          name: x.name,
          rank: x.rank,
          score: x.score,
          sharedMarkets: x.markets.map((m) => ({ country: m.market, name: m.name })),
          basis: x.basis,
        })),
      },
    ]),
  );
}

/** ISO codes of the countries that list `iso` among their rivals, in code order. */
export async function rivalFor(prisma: Prisma, iso: string): Promise<string[]> {
  const rows = await prisma.rival.findMany({ where: { rivalIso: iso }, select: { countryIso: true }, distinct: ['countryIso'] });
  return rows.map((r) => r.countryIso).sort();
}

/** iso → its rivals, for every country with a profile: what the ingest stores; `observationsOf` reads a series' figures in period order. */
export async function buildRivalTable(prisma: Prisma, observationsOf: (id: string) => Promise<readonly PeriodValue[]>): Promise<Map<string, CountryRivals>> {
  const [countries, series, sourceTables] = await Promise.all([
    prisma.country.findMany({ select: { iso: true, name: true }, orderBy: { iso: 'asc' } }),
    prisma.series.findMany({
      where: {
        OR: [
          { tableCode: REGION_ORIGIN_TABLE, breakdown: 'origin', freq: 'A' },
          { tableCode: TRIPS_MATRIX_TABLE, breakdown: 'origin', freq: 'A' },
          { breakdown: 'origin', freq: 'M' },
          { measure: 'arrivals', headline: true, breakdown: null, freq: 'M' },
        ],
      },
      select: { id: true, countryIso: true, tableCode: true, breakdown: true, member: true, freq: true },
    }),
    prisma.sourceTable.findMany({ select: { code: true, publisher: true } }),
  ]);
  const publisherOf = new Map(sourceTables.map((t) => [t.code, t.publisher]));
  const read = await Promise.all(series.map((s) => observationsOf(s.id)));
  const obsBySeries = new Map(series.map((s, i) => [s.id, read[i].map((o) => ({ period: o.period, value: o.value }))]));

  type Entry = { regions: OriginSeries[]; matrix: OriginSeries[]; monthly: OriginSeries[]; monthlyPublishers: Set<string>; headline: PeriodValue[] };
  const byCountry = new Map<string, Entry>();
  for (const s of series) {
    const entry = byCountry.get(s.countryIso) ?? { regions: [], matrix: [], monthly: [], monthlyPublishers: new Set<string>(), headline: [] };
    const obs = obsBySeries.get(s.id) ?? [];
    const origin = { member: s.member ?? '', observations: obs };
    if (s.breakdown === null) entry.headline = obs;
    else if (s.freq === 'M') {
      entry.monthly.push(origin);
      entry.monthlyPublishers.add(publisherOf.get(s.tableCode) ?? s.tableCode);
    }
    else if (s.tableCode === TRIPS_MATRIX_TABLE) entry.matrix.push(origin);
    else if (s.tableCode === REGION_ORIGIN_TABLE) entry.regions.push(origin);
    byCountry.set(s.countryIso, entry);
  }
  const profiles: CountryProfile[] = [...byCountry.entries()].map(([country, e]) => ({
    country,
    countryMixes: richestMixes(
      { mixes: annualCountryMixes(e.matrix), source: MATRIX_SOURCE },
      { mixes: calendarYearMixes(e.monthly), source: monthlySource([...e.monthlyPublishers].sort()) },
    ),
    regionMixes: regionMixes(e.regions),
    season: e.headline.length ? seasonShape(e.headline) : null,
  }));

  const names = new Map(countries.map((c) => [c.iso, c.name]));
  const marketName = (code: string) => names.get(code) ?? originLabel(code, names);
  const table = new Map<string, CountryRivals>();
  for (const profile of profiles) {
    const choice = chooseRivals(profile, profiles);
    table.set(profile.country, {
      basis: choice.basis,
      period: choice.period,
      rivals: choice.rivals.map((r) => ({
        country: r.country,
        name: names.get(r.country) ?? r.country,
        rank: r.rank,
        score: r.score,
        sharedMarkets: r.sharedMarkets.map((code) => ({ country: code, name: marketName(code) })),
        basis: `${r.source} ${r.basis}`,
      })),
    });
  }
  return table;
}
