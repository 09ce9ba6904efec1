/**
 * Every country's rivals, computed once per release and memoised in the snapshot: the profiles
 * need all countries' origin mixes and season shapes, and "rival for" (who counts a country as a
 * rival) needs every country's list. Used by Country.rivals and the brief.
 */
import { perRelease, type Snapshot } from '../db/data-store';
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

const MEMO_KEY = 'rivals:table';

/** iso → its rivals, for every country present. */
export function rivalTable(snapshot: Snapshot): Promise<Map<string, CountryRivals>> {
  return perRelease(snapshot, MEMO_KEY, () => buildRivalTable(snapshot));
}

export async function rivalsOf(snapshot: Snapshot, iso: string): Promise<CountryRivals> {
  return (await rivalTable(snapshot)).get(iso) ?? { basis: null, period: null, rivals: [] };
}

/** ISO codes of the countries that list `iso` among their rivals, in code order. */
export async function rivalFor(snapshot: Snapshot, iso: string): Promise<string[]> {
  const table = await rivalTable(snapshot);
  return [...table.entries()].filter(([, r]) => r.rivals.some((x) => x.country === iso)).map(([c]) => c).sort();
}

async function buildRivalTable(snapshot: Snapshot): Promise<Map<string, CountryRivals>> {
  const { prisma } = snapshot;
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
  const observations = await prisma.observation.findMany({
    where: { seriesId: { in: series.map((s) => s.id) } },
    select: { seriesId: true, period: true, value: true },
  });
  const obsBySeries = new Map<string, PeriodValue[]>();
  for (const o of observations) {
    const list = obsBySeries.get(o.seriesId) ?? [];
    list.push({ period: o.period, value: o.value });
    obsBySeries.set(o.seriesId, list);
  }

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
