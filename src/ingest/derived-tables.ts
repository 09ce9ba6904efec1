/**
 * The figures derived from a whole release, computed once when it is built and written into it, so
 * a service that opens the release reads them like any other column: every country's rivals, and
 * the briefs and the monthly series' gap reports of the release's month and the two after it, from
 * every figure; the countries that carry an origin shift; the series search index's word lists. Also the newest
 * publication date of any figure, by which a service knows that a plan's cutoff hides none.
 */
import Database from 'better-sqlite3';
import { buildBrief, briefMonth, readCurrencyRates, readJetFuel, type BriefAbsence, type ServedBrief } from '../db/brief';
import { openPrisma, type Prisma } from '../db/client';
import { countryFrequenciesOf, type FrequencySeriesRow } from '../db/country-frequency';
import { gapReportOf, primaryReleasesOf } from '../db/gap-reports';
import { primarySeriesByCountry, type PrimarySeries } from '../db/primary-series';
import { readSearchDocuments, SEARCH_LISTS, SEARCH_ORDER_META_KEY } from '../db/search-index';
import { buildSearchIndex, type SearchIndex } from '../domain/series-search';
import { buildRivalTable, NO_RIVALS, type CountryRivals } from '../db/rival-table';
import { shiftOf } from '../db/origin-shift';
import { addMonths } from '../domain/periods';
import type { GapObservation, GapReport } from '../domain/gaps';
import type { Observation } from '../generated/prisma/client';

/** The Meta key of the newest publication date (ISO) of any figure in the release. */
export const NEWEST_PUBLISHED_META_KEY = 'newest_published';

/** Months after the release's own whose briefs and gap reports are stored: a release older than that is rarely served. */
const MONTHS_AHEAD = 2;

interface DerivedTables {
  rivals: Map<string, CountryRivals>;
  briefs: { iso: string; month: string; outcome: ServedBrief | BriefAbsence }[];
  originShift: string[];
  gaps: { seriesId: string; month: string; report: GapReport | null }[];
  search: SearchIndex;
  newestPublished: string | null;
}

/**
 * A series' figures as Prisma reads them, by one prepared statement: the derived tables read some
 * three thousand series one by one, and a statement through Prisma costs far more than its rows.
 */
function observationReader(db: Database.Database): (id: string) => Promise<Observation[]> {
  const read = db.prepare('SELECT seriesId, period, value, status, flags, published, derivation FROM Observation WHERE seriesId = ? ORDER BY period');
  const cache = new Map<string, Promise<Observation[]>>();
  return (id) => {
    let rows = cache.get(id);
    if (!rows) cache.set(id, (rows = Promise.resolve(read.all(id) as Observation[])));
    return rows;
  };
}

async function computeDerived(file: string, now: Date, log: (line: string) => void): Promise<DerivedTables> {
  const prisma = openPrisma(file);
  const db = new Database(file, { readonly: true });
  try {
    const observationsOf = observationReader(db);
    const rivals = await buildRivalTable(prisma, observationsOf);
    const [series, countries, fuel, newest] = await Promise.all([
      prisma.series.findMany({
        orderBy: { alias: 'asc' },
        select: { id: true, alias: true, countryIso: true, measure: true, breakdown: true, member: true, freq: true, headline: true, derived: true, points: true, last: true },
      }),
      prisma.country.findMany({ select: { iso: true, name: true, regionSlug: true }, orderBy: { iso: 'asc' } }),
      readJetFuel(prisma),
      prisma.observation.aggregate({ _max: { published: true } }),
    ]);
    const primaries = primarySeriesByCountry(series, countries);
    const originShift: string[] = [];
    const breakdowns = await prisma.series.findMany({ where: { breakdown: 'origin', measure: 'arrivals' }, select: { countryIso: true }, distinct: ['countryIso'] });
    for (const { countryIso } of breakdowns) {
      if (await shiftOf(prisma, countryIso, { loadMany: (ids) => Promise.all(ids.map(observationsOf)) })) originShift.push(countryIso);
    }
    const rates = new Map<string, ReturnType<typeof readCurrencyRates>>();
    const rivalFor = (iso: string) =>
      Promise.resolve([...rivals.entries()].filter(([, r]) => r.rivals.some((x) => x.country === iso)).map(([c]) => c).sort());
    const briefs: DerivedTables['briefs'] = [];
    const months = Array.from({ length: MONTHS_AHEAD + 1 }, (_, ahead) => addMonths(briefMonth(now), ahead));
    for (const [ahead, month] of months.entries()) {
      const sources = {
        prisma,
        now: new Date(`${month}-01T00:00:00.000Z`),
        primaries: () => Promise.resolve(primaries),
        observations: observationsOf,
        rivals: (iso: string) => Promise.resolve(rivals.get(iso) ?? NO_RIVALS),
        rivalFor,
        currencyRates: (currency: string) => {
          let read = rates.get(currency);
          if (!read) rates.set(currency, (read = readCurrencyRates(prisma, currency)));
          return read;
        },
        jetFuel: () => Promise.resolve(fuel),
        // A withheld brief is logged once, for the release's own month.
        log: ahead === 0 ? log : () => {},
      };
      for (const c of countries) briefs.push({ iso: c.iso, month, outcome: await buildBrief(sources, c.iso) });
    }
    const gaps = await gapReportsOf(prisma, series, primaries, observationsOf, months);
    const search = buildSearchIndex(await readSearchDocuments(prisma));
    return { rivals, briefs, originShift, gaps, search, newestPublished: newest._max.published };
  } finally {
    db.close();
    await prisma.$disconnect();
  }
}

/** Every monthly series' gap report as of each month (src/db/gap-reports.ts). */
async function gapReportsOf(
  prisma: Prisma,
  series: readonly FrequencySeriesRow[],
  primaries: ReadonlyMap<string, PrimarySeries>,
  observationsOf: (id: string) => Promise<Observation[]>,
  months: readonly string[],
): Promise<DerivedTables['gaps']> {
  const monthly = [...countryFrequenciesOf(series).monthly.values()].flat();
  const releases = await primaryReleasesOf(prisma, primaries);
  const reports: DerivedTables['gaps'] = [];
  for (const s of monthly) {
    // The status column holds the domain's statuses (the ingest writes no other).
    const observations = (await observationsOf(s.id)) as GapObservation[];
    for (const month of months) reports.push({ seriesId: s.id, month, report: gapReportOf(s, observations, releases, new Date(`${month}-01T00:00:00.000Z`)) });
  }
  return reports;
}

function writeDerived(file: string, derived: DerivedTables): void {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  const owner = db.prepare('INSERT INTO CountryRivals (countryIso, basis, period) VALUES (?, ?, ?)');
  const rival = db.prepare('INSERT INTO Rival (countryIso, rank, rivalIso, name, score, basis) VALUES (?, ?, ?, ?, ?, ?)');
  const market = db.prepare('INSERT INTO RivalMarket (countryIso, rank, position, market, name) VALUES (?, ?, ?, ?, ?)');
  const brief = db.prepare('INSERT INTO StoredBrief (countryIso, month, body, absence) VALUES (?, ?, ?, ?)');
  const meta = db.prepare('INSERT INTO Meta (key, value) VALUES (?, ?)');
  const carrier = db.prepare('INSERT INTO OriginShiftCountry (countryIso) VALUES (?)');
  const gap = db.prepare('INSERT INTO StoredGap (seriesId, month, report) VALUES (?, ?, ?)');
  const posting = db.prepare('INSERT INTO SearchPosting (list, word, documents) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const [iso, choice] of derived.rivals) {
      owner.run(iso, choice.basis, choice.period);
      for (const r of choice.rivals) {
        rival.run(iso, r.rank, r.country, r.name, r.score, r.basis);
        r.sharedMarkets.forEach((m, i) => market.run(iso, r.rank, i, m.country, m.name));
      }
    }
    for (const b of derived.briefs) {
      const served = typeof b.outcome === 'string' ? null : b.outcome;
      brief.run(b.iso, b.month, served ? JSON.stringify(served) : null, served ? null : b.outcome);
    }
    for (const iso of derived.originShift) carrier.run(iso);
    for (const g of derived.gaps) gap.run(g.seriesId, g.month, g.report ? JSON.stringify(g.report) : null);
    for (const list of SEARCH_LISTS) {
      const { words, postings } = derived.search[list];
      words.forEach((word, i) => posting.run(list, word, postings[i].join(',')));
    }
    meta.run(SEARCH_ORDER_META_KEY, derived.search.order.join(','));
    if (derived.newestPublished) meta.run(NEWEST_PUBLISHED_META_KEY, derived.newestPublished);
  })();
  db.exec('ANALYZE');
  db.close();
}

/** Computes the release's derived tables from the file just written and stores them in it. */
export async function writeDerivedTables(file: string, now: Date, log: (line: string) => void): Promise<{ rivals: number; briefs: number; gaps: number }> {
  const derived = await computeDerived(file, now, log);
  writeDerived(file, derived);
  return { rivals: derived.rivals.size, briefs: derived.briefs.length, gaps: derived.gaps.length };
}
