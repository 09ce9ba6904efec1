/**
 * The one ingest pipeline: publisher files → connectors → one release file → validation →
 * atomic switch. A failure anywhere leaves the served release untouched.
 */
import fs from 'node:fs';
import { currentReleaseFile, newReleaseFile, pruneReleases, publishRelease } from '../db/release-store';
import type { ParsedSeries, RejectedRow } from '../domain/types';
import { loadCountryTable } from './connectors/country-codes';
import { CountryResolver } from './connectors/country-resolver';
import { loadEcb } from './connectors/ecb';
import { loadEia } from './connectors/eia';
import { loadEurostat } from './connectors/eurostat';
import { loadEurostatDemand } from './connectors/eurostat-demand';
import { loadImfWeo } from './connectors/imf-weo';
import { loadJnto } from './connectors/jnto';
import { loadUnwto } from './connectors/unwto';
import { loadWorldBank } from './connectors/worldbank';
import { summariseCountry, type SeriesSummaryRow } from '../domain/country-summary';
import { chooseHeadlines } from '../domain/headline';
import { aliasOf, seriesIdOf } from './identifiers';
import type { AppliedDecision, ConnectorOutput, CountryRef } from './records';
import { UN_TOURISM_REGIONS, unTourismRegion } from './un-tourism-regions';
import { validateRelease } from './validate';
import { versionOf, writeRelease, type CountryRow, type ReleaseContent, type SeriesRow, type WriteStats } from './write-release';

export interface BuildOptions {
  sourcesDir: string;
  dataDir: string;
  now?: Date;
  log?: (line: string) => void;
}

export interface BuildSummary extends WriteStats {
  file: string;
  countries: number;
  rejected: RejectedRow[];
  /** Rows whose place (country) could not be resolved from code and name: ingest errors, expected 0. */
  unresolved: number;
  /** Rows settled by the code/name decisions table (src/ingest/connectors/code-decisions.ts). */
  decisions: AppliedDecision[];
  seconds: number;
}

type Step = { name: string; run: (dir: string, resolver: CountryResolver) => ConnectorOutput };

/** In priority order: when two sources give the same series alias, the first one wins. */
const STEPS: Step[] = [
  { name: 'Eurostat', run: (dir, r) => loadEurostat(dir, r) },
  { name: 'Eurostat demand', run: (dir, r) => loadEurostatDemand(dir, r) },
  { name: 'JNTO', run: (dir, r) => loadJnto(dir, r) },
  { name: 'UN Tourism', run: (dir, r) => loadUnwto(dir, r) },
  { name: 'ECB', run: (dir) => loadEcb(dir) },
  { name: 'EIA', run: (dir) => loadEia(dir) },
  { name: 'World Bank', run: (dir, r) => loadWorldBank(dir, r) },
  { name: 'IMF WEO', run: (dir, r) => loadImfWeo(dir, r) },
];

export function releaseVersion(now: Date): string {
  return versionOf(now.toISOString());
}

const MEASURE_WORDS: Record<string, string> = {
  arrivals: 'arrivals visitors tourists',
  nights: 'nights overnight stays',
  spend: 'spend expenditure receipts',
  departures: 'departures outbound',
  occupancy: 'occupancy',
  capacity: 'capacity beds rooms establishments',
};
const FREQ_WORDS: Record<string, string> = { M: 'monthly', Q: 'quarterly', A: 'annual' };

function toSeriesRows(parsed: ParsedSeries[], countries: Map<string, CountryRef>, rejected: RejectedRow[]): SeriesRow[] {
  const byAlias = new Map<string, SeriesRow>();
  for (const p of parsed) {
    const alias = aliasOf(p);
    const country = countries.get(p.country);
    if (!country) {
      rejected.push({ table: p.table, row: alias, reason: `country ${p.country} is not in the country list`, unresolved: true });
      continue;
    }
    if (p.observations.length === 0) continue;
    const kept = byAlias.get(alias);
    if (kept) {
      rejected.push({ table: p.table, row: alias, reason: `same series already held from ${kept.table}` });
      continue;
    }
    byAlias.set(alias, {
      id: seriesIdOf(alias),
      alias,
      country: p.country,
      measure: p.measure,
      breakdown: p.breakdown?.dimension ?? null,
      member: p.breakdown?.member ?? null,
      freq: p.freq,
      unit: p.unit,
      currency: p.currency,
      scale: p.scale,
      table: p.table,
      headline: false,
      derived: p.derived ?? false,
      names: p.names,
      observations: [...p.observations].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0)),
      searchText: [country.name, p.country, MEASURE_WORDS[p.measure], FREQ_WORDS[p.freq]].join(' '),
    });
  }
  const rows = [...byAlias.values()];
  const headlines = chooseHeadlines(
    rows.map((s) => {
      const withValue = s.observations.filter((o) => o.value !== null);
      return { ...s, points: withValue.length, last: withValue[withValue.length - 1]?.period ?? '' };
    }),
  );
  for (const s of rows) s.headline = headlines.has(s.alias);
  return rows;
}

export function assembleContent(
  sourcesDir: string,
  log: (line: string) => void,
): { content: ReleaseContent; rejected: RejectedRow[]; decisions: AppliedDecision[] } {
  const table = loadCountryTable(sourcesDir);
  const refs = table.countries;
  const resolver = new CountryResolver(refs, table.nameVariants);
  const refByIso = new Map(refs.map((r) => [r.iso, r]));
  const outputs: ConnectorOutput[] = [];
  for (const step of STEPS) {
    const t0 = performance.now();
    const out = step.run(sourcesDir, resolver);
    const records = out.series.length + (out.fx?.length ?? 0) + (out.prices?.length ?? 0) + (out.indicators?.length ?? 0);
    if (records === 0) {
      const why = out.rejected.slice(0, 3).map((r) => `${r.row}: ${r.reason}`).join('; ');
      throw new Error(`${step.name} gave no data: is the file the publisher's? ${why}`);
    }
    outputs.push(out);
    const obs = out.series.reduce((n, s) => n + s.observations.length, 0);
    const extra = [
      out.fx?.length ? `${out.fx.length} rates` : '',
      out.prices?.length ? `${out.prices.length} prices` : '',
      out.indicators?.length ? `${out.indicators.length} indicator values` : '',
    ].filter(Boolean);
    log(
      `  ${step.name.padEnd(11)} ${out.series.length} series, ${obs} observations${extra.length ? ', ' + extra.join(', ') : ''}, ` +
        `${out.rejected.length} rejected${out.decisions?.length ? `, ${out.decisions.length} placed by code/name decisions` : ''} (${Math.round(performance.now() - t0)} ms)`,
    );
  }
  const rejected = outputs.flatMap((o) => o.rejected);
  const series = toSeriesRows(
    outputs.flatMap((o) => o.series),
    refByIso,
    rejected,
  );
  const indicators = outputs.flatMap((o) => o.indicators ?? []).filter((i) => refByIso.has(i.country));
  const held = new Set([...series.map((s) => s.country), ...indicators.map((i) => i.country)]);
  const seriesSummaries = new Map<string, SeriesSummaryRow[]>();
  for (const s of series) {
    const withValue = s.observations.filter((o) => o.value !== null);
    if (withValue.length === 0) continue;
    const rows = seriesSummaries.get(s.country) ?? [];
    rows.push({ measure: s.measure, freq: s.freq, headline: s.headline, first: withValue[0].period, last: withValue[withValue.length - 1].period });
    seriesSummaries.set(s.country, rows);
  }
  const countries: CountryRow[] = [...held].sort().map((iso) => {
    const r = refByIso.get(iso)!;
    return {
      iso,
      iso3: r.iso3,
      m49: r.m49,
      name: r.name,
      wikidataId: r.wikidataId,
      currency: r.currency,
      regionSlug: unTourismRegion(iso, r.m49Region),
      ...summariseCountry(seriesSummaries.get(iso) ?? []),
    };
  });
  const geoLabels = Object.assign({}, ...outputs.map((o) => o.geoLabels ?? {})) as Record<string, string>;
  const units = new Map(
    outputs
      .flatMap((o) => o.regionUnits ?? [])
      .filter((u) => held.has(u.country))
      .map((u) => [u.code, { code: u.code, country: u.country, level: u.level, name: u.name, nameLatin: u.latinName, labelEn: geoLabels[u.code] ?? null }]),
  );
  // Regional series may use codes of other NUTS vintages: label them from geo.dic.
  for (const s of series) {
    if (s.breakdown !== 'region' || !s.member) continue;
    const code = s.member.toUpperCase();
    if (!units.has(code)) {
      const label = geoLabels[code] ?? code;
      units.set(code, { code, country: s.country, level: code.length - 2, name: label, nameLatin: null, labelEn: label });
    }
  }
  const usedTables = new Set(series.map((s) => s.table));
  const tables = outputs.flatMap((o) => o.tables).filter((t, i, all) => all.findIndex((x) => x.code === t.code) === i);
  for (const code of usedTables) {
    if (!tables.some((t) => t.code === code)) throw new Error(`series refer to unknown source table ${code}`);
  }
  return {
    content: {
      regions: [...UN_TOURISM_REGIONS],
      countries,
      regionUnits: [...units.values()].sort((a, b) => a.code.localeCompare(b.code)),
      tables,
      series,
      fx: outputs.flatMap((o) => o.fx ?? []),
      prices: outputs.flatMap((o) => o.prices ?? []),
      indicators,
    },
    rejected,
    decisions: outputs.flatMap((o) => o.decisions ?? []),
  };
}

/** One line per decision applied, with the rows it settled. */
function summariseDecisions(decisions: AppliedDecision[], log: (line: string) => void): void {
  const byDecision = new Map<AppliedDecision['decision'], AppliedDecision[]>();
  for (const d of decisions) byDecision.set(d.decision, [...(byDecision.get(d.decision) ?? []), d]);
  for (const [d, rows] of byDecision) {
    log(`  ${String(rows.length).padStart(5)} × ${d.publisher} ${d.code} ${d.name} → ${d.iso ?? 'not served'} (${d.why})`);
  }
}

function summariseRejected(rejected: RejectedRow[], log: (line: string) => void): void {
  const byReason = new Map<string, RejectedRow[]>();
  for (const r of rejected) {
    // Group by the kind of reason (the text before its first colon), not by each row's details.
    const key = `${r.table}: ${r.reason.split(':')[0]}`;
    byReason.set(key, [...(byReason.get(key) ?? []), r]);
  }
  for (const [reason, rows] of [...byReason.entries()].sort((a, b) => b[1].length - a[1].length)) {
    log(`  ${String(rows.length).padStart(5)} × ${reason} (e.g. ${rows.slice(0, 2).map((r) => r.row).join('; ')})`);
  }
}

export function buildRelease(options: BuildOptions): BuildSummary {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();
  if (!fs.existsSync(options.sourcesDir)) throw new Error(`sources directory not found: ${options.sourcesDir}`);
  log(`Reading sources from ${options.sourcesDir}`);
  const { content, rejected, decisions } = assembleContent(options.sourcesDir, log);
  const version = releaseVersion(now);
  const file = newReleaseFile(options.dataDir, version);
  const previous = currentReleaseFile(options.dataDir);
  log(`Writing release ${version}${previous ? ' (carrying the release log forward)' : ''}`);
  let stats: WriteStats;
  try {
    fs.rmSync(file, { force: true });
    stats = writeRelease(file, content, previous, version, now.toISOString());
    log('Validating');
    const problems = validateRelease(file);
    if (problems.length > 0) throw new Error(`release failed validation: ${problems.join('; ')}`);
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  }
  publishRelease(options.dataDir, file);
  pruneReleases(options.dataDir);
  const summary: BuildSummary = {
    ...stats,
    file,
    countries: content.countries.length,
    rejected,
    unresolved: rejected.filter((r) => r.unresolved).length,
    decisions,
    seconds: (performance.now() - started) / 1000,
  };
  log(
    `Release ${version} served: ${summary.series} series, ${summary.observations} observations, ` +
      `${summary.countries} countries; ${summary.newPoints} new figures, ${summary.revisions} revisions` +
      `${summary.changed ? '' : ' (content unchanged)'}; ${rejected.length} rejected rows, of which ${summary.unresolved} unresolved places; ` +
      `${decisions.length} rows placed by code/name decisions; ${summary.seconds.toFixed(1)} s`,
  );
  if (decisions.length > 0) {
    log('Code/name decisions applied:');
    summariseDecisions(decisions, log);
  }
  if (rejected.length > 0) {
    log('Rejected rows by reason:');
    summariseRejected(rejected, log);
  }
  return summary;
}
