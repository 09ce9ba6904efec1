/**
 * The one ingest pipeline: publisher files → shape checks → connectors → comparison with the served
 * release → one release file → validation → atomic switch → pruning of old release files. A failure
 * or error anywhere leaves the served release untouched; figures identical to the served
 * release's keep it (no new file).
 */
import fs from 'node:fs';
import { bulkDir, writeBulkFiles } from '../db/bulk-files';
import { listMigrations } from '../db/migrate';
import { currentReleaseFile, DEFAULT_KEEP_RELEASES, newReleaseFile, pruneReleases, publishRelease } from '../db/release-store';
import type { ParsedSeries, RejectedRow } from '../domain/types';
import { loadCountryTable } from './connectors/country-codes';
import { CountryResolver } from './connectors/country-resolver';
import { loadEcb } from './connectors/ecb';
import { loadEia } from './connectors/eia';
import { loadEurostat } from './connectors/eurostat';
import { loadEurostatDemand } from './connectors/eurostat-demand';
import { loadImfWeo } from './connectors/imf-weo';
import { loadJnto } from './connectors/jnto';
import { loadJntoNationality } from './connectors/jnto-nationality';
import { loadAbs } from './connectors/abs';
import { loadStatcan } from './connectors/statcan';
import { loadSingstat } from './connectors/singstat';
import { loadHkImmd } from './connectors/hk-immd';
import { loadNtto } from './connectors/ntto';
import { loadStatsNz } from './connectors/statsnz-releases';
import { loadMalaysia } from './connectors/malaysia';
import { loadMtur } from './connectors/mtur-brazil';
import { loadUnTourism } from './connectors/unwto-releases';
import { loadWorldBank } from './connectors/worldbank';
import { summariseCountry, type SeriesSummaryRow } from '../domain/country-summary';
import { chooseHeadlines } from '../domain/headline';
import { FREQ_WORDS, MEASURE_WORDS } from '../domain/series-search';
import { aliasOf, seriesIdOf } from './identifiers';
import { deriveAnnuals, deriveTotals } from './derive';
import type { AppliedDecision, ConnectorOutput, CountryRef } from './records';
import { UN_TOURISM_REGIONS, unTourismRegion } from './un-tourism-regions';
import { describeVanished, holdingsOf, readPreviousRelease, tableDrops, vanishedSeries, type PreviousRelease } from './previous-release';
import { cachedStep } from './parse-cache';
import { periodsReached } from './period-reached';
import { checkSources } from './source-files';
import { recordLooks } from './source-reads';
import { readStates } from './fetch/state';
import { ownerOf } from './publishers';
import { httpDateDay } from '../domain/release-dating';
import type { SourceTableInfo } from '../domain/types';
import path from 'node:path';
import { describeProblem, describeProblemForLog } from './source-shape';
import { validateRelease } from './validate';
import { writeDerivedTables } from './derived-tables';
import { contentDigest, unchangedReleaseStats, versionOf, writeRelease, type CountryRow, type DerivationError, type RegionUnitRow, type ReleaseContent, type SeriesRow, type WriteStats } from './write-release';

export interface BuildOptions {
  sourcesDir: string;
  dataDir: string;
  now?: Date;
  log?: (line: string) => void;
  /** The line-by-line detail (each code/name decision, each reason rows were rejected for): `log` when absent. */
  detail?: (line: string) => void;
  /** Release even though series present in the served release vanished from the files, or a table shrank sharply. */
  allowVanished?: boolean;
  /** Release files retained after a switch, the served one included (older ones are deleted). */
  keepReleases?: number;
  /** Where steps' outputs are retained for the next ingest (src/ingest/parse-cache.ts); null or absent: parse everything. */
  parseCacheDir?: string | null;
  /** The service's public address, written into the bulk files' citations (PUBLIC_BASE_URL); '' when absent. */
  publicBaseUrl?: string;
}

/** An ingest stopped before anything was written: the served release stays. Each problem names its file. */
export class IngestError extends Error {
  constructor(
    what: string,
    readonly problems: string[],
  ) {
    super(`${what}: ${problems.join('; ')}`);
    this.name = 'IngestError';
  }
}

export interface BuildSummary extends WriteStats {
  file: string;
  countries: number;
  rejected: RejectedRow[];
  /** Rows whose place (country) could not be resolved from code and name: ingest errors, expected 0. */
  unresolved: number;
  /** Rows settled by the code/name decisions table (src/ingest/connectors/code-decisions.ts). */
  decisions: AppliedDecision[];
  /** False when the figures equal the served release's, which is then retained as it is. */
  written: boolean;
  /** Aliases of series the previous release had that the files no longer give (allowed by the operator). */
  vanished: string[];
  /** Older release files deleted after the switch. */
  pruned: string[];
  seconds: number;
  /** The bulk files written beside the release (none when the served release was retained). */
  bulk: BulkSummary | null;
}

export type BulkSummary = ReturnType<typeof writeBulkFiles>;

type Step = { name: string; run: (dir: string, resolver: CountryResolver) => ConnectorOutput };

/** In priority order: when two sources give the same series alias, the first one wins. */
const STEPS: Step[] = [
  { name: 'Eurostat', run: (dir, r) => loadEurostat(dir, r) },
  { name: 'Eurostat demand', run: (dir, r) => loadEurostatDemand(dir, r) },
  // The 1996–2025 export before the 2017 file: its origins reach further and hold JNTO's later revisions.
  { name: 'JNTO nationality', run: (dir, r) => loadJntoNationality(dir, r) },
  { name: 'JNTO', run: (dir, r) => loadJnto(dir, r) },
  { name: 'ABS', run: (dir) => loadAbs(dir) },
  { name: 'StatCan', run: (dir) => loadStatcan(dir) },
  { name: 'SingStat', run: (dir, r) => loadSingstat(dir, r) },
  { name: 'HK ImmD', run: (dir) => loadHkImmd(dir) },
  { name: 'NTTO', run: (dir, r) => loadNtto(dir, r) },
  { name: 'Stats NZ', run: (dir, r) => loadStatsNz(dir, r) },
  { name: 'DOSM', run: (dir, r) => loadMalaysia(dir, r) },
  { name: 'MTur Brazil', run: (dir, r) => loadMtur(dir, r) },
  { name: 'UN Tourism', run: (dir, r) => loadUnTourism(dir, r) },
  { name: 'ECB', run: (dir) => loadEcb(dir) },
  { name: 'EIA', run: (dir) => loadEia(dir) },
  { name: 'World Bank', run: (dir, r) => loadWorldBank(dir, r) },
  { name: 'IMF WEO', run: (dir, r) => loadImfWeo(dir, r) },
];

export function releaseVersion(now: Date): string {
  return versionOf(now.toISOString());
}


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
    const existing = byAlias.get(alias);
    if (existing) {
      rejected.push({ table: p.table, row: alias, reason: `same series already held from ${existing.table}` });
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
      ...(p.sourceRevisions?.length ? { sourceRevisions: p.sourceRevisions } : {}),
      searchText: [country.name, p.country, MEASURE_WORDS[p.measure], FREQ_WORDS[p.freq]].join(' '),
    });
  }
  return [...byAlias.values()];
}

/** Marks each country's headline series for each measure (HEADLINE_RULE). */
function markHeadlines(rows: SeriesRow[]): void {
  const headlines = chooseHeadlines(
    rows.map((s) => {
      const withValue = s.observations.filter((o) => o.value !== null);
      return { ...s, points: withValue.length, last: withValue[withValue.length - 1]?.period ?? '' };
    }),
  );
  for (const s of rows) s.headline = headlines.has(s.alias);
}

/** Totals from complete breakdowns, then annual figures from complete months; the errors, for the coverage report. */
function applyDerivations(rows: SeriesRow[], log: (line: string) => void): DerivationError[] {
  const outcomes = [...deriveTotals(rows), ...deriveAnnuals(rows)];
  const computed = rows.reduce((n, s) => n + s.observations.filter((o) => o.derivation).length, 0);
  const rejected = outcomes.filter((o) => !o.result.ok);
  log(`  derived ${computed} figures (${rows.filter((s) => s.derivationRule).length} series); ${rejected.length} refused`);
  return rejected.map((o) => ({
    country: o.country,
    rule: o.rule,
    target: o.target,
    derivation: o.derivation,
    reason: o.result.ok ? '' : o.result.reason,
    detail: o.result.ok ? '' : o.result.detail,
  }));
}

/** Each step's output, read afresh or from the parse cache, with a line saying what it gave. */
function runSteps(sourcesDir: string, resolver: CountryResolver, tableLooks: Parameters<typeof cachedStep>[3], parseCacheDir: string | null, log: (line: string) => void): ConnectorOutput[] {
  const outputs: ConnectorOutput[] = [];
  for (const step of STEPS) {
    const t0 = performance.now();
    const { output: out, fromCache } = cachedStep(parseCacheDir, step.name, sourcesDir, tableLooks, () => step.run(sourcesDir, resolver));
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
        `${out.rejected.length} rejected${out.decisions?.length ? `, ${out.decisions.length} placed by code/name decisions` : ''} ` +
        `(${Math.round(performance.now() - t0)} ms${fromCache ? ', files unchanged since kept' : ''})`,
    );
  }
  return outputs;
}

/** Each country's series, summarised for its row (first and last periods with a value, points). */
function seriesSummariesByCountry(series: readonly SeriesRow[]): Map<string, SeriesSummaryRow[]> {
  const summaries = new Map<string, SeriesSummaryRow[]>();
  for (const s of series) {
    const withValue = s.observations.filter((o) => o.value !== null);
    if (withValue.length === 0) continue;
    const rows = summaries.get(s.country) ?? [];
    rows.push({
      measure: s.measure,
      breakdown: s.breakdown,
      member: s.member,
      freq: s.freq,
      headline: s.headline,
      first: withValue[0].period,
      last: withValue[withValue.length - 1].period,
      points: withValue.length,
    });
    summaries.set(s.country, rows);
  }
  return summaries;
}

/** The regional units of the present countries, labelled from geo.dic; codes of other NUTS vintages the series use are added with their labels. */
function regionUnitsOf(outputs: readonly ConnectorOutput[], series: readonly SeriesRow[], countriesPresent: ReadonlySet<string>): RegionUnitRow[] {
  const geoLabels: Record<string, string> = Object.assign({}, ...outputs.map((o) => o.geoLabels ?? {}));
  const units = new Map(
    outputs
      .flatMap((o) => o.regionUnits ?? [])
      .filter((u) => countriesPresent.has(u.country))
      .map((u) => [u.code, { code: u.code, country: u.country, level: u.level, name: u.name, nameLatin: u.latinName, labelEn: geoLabels[u.code] ?? null }]),
  );
  for (const s of series) {
    if (s.breakdown !== 'region' || !s.member) continue;
    const code = s.member.toUpperCase();
    if (!units.has(code)) {
      const label = geoLabels[code] ?? code;
      units.set(code, { code, country: s.country, level: code.length - 2, name: label, nameLatin: null, labelEn: label });
    }
  }
  return [...units.values()].sort((a, b) => a.code.localeCompare(b.code));
}

export function assembleContent(
  sourcesDir: string,
  log: (line: string) => void,
  parseCacheDir: string | null = null,
): { content: ReleaseContent; rejected: RejectedRow[]; decisions: AppliedDecision[] } {
  // Every step resolves places with the country table: what it was read from is a look of each step's.
  const { value: table, looks: tableLooks } = recordLooks(() => loadCountryTable(sourcesDir));
  const refs = table.countries;
  const refByIso = new Map(refs.map((r) => [r.iso, r]));
  const outputs = runSteps(sourcesDir, new CountryResolver(refs, table.nameVariants), tableLooks, parseCacheDir, log);
  const rejected = outputs.flatMap((o) => o.rejected);
  const series = toSeriesRows(
    outputs.flatMap((o) => o.series),
    refByIso,
    rejected,
  );
  const derivationErrors = applyDerivations(series, log);
  markHeadlines(series);
  const indicators = outputs.flatMap((o) => o.indicators ?? []).filter((i) => refByIso.has(i.country));
  const countriesPresent = new Set([...series.map((s) => s.country), ...indicators.map((i) => i.country)]);
  const seriesSummaries = seriesSummariesByCountry(series);
  const countries: CountryRow[] = [...countriesPresent].sort().map((iso) => {
    const r = refByIso.get(iso)!;
    return {
      iso,
      iso3: r.iso3,
      m49: r.m49,
      name: r.name,
      wikidataId: r.wikidataId,
      currency: r.currency,
      regionSlug: unTourismRegion(iso, r.m49Region),
      names: [
        ...(table.nameVariants.get(iso) ?? [r.name]).map((name) => ({ lang: 'en', name })),
        ...(table.otherNames.get(iso) ?? []),
      ],
      ...summariseCountry(seriesSummaries.get(iso) ?? []),
    };
  });
  const usedTables = new Set(series.map((s) => s.table));
  const tables = outputs.flatMap((o) => o.tables).filter((t, i, all) => all.findIndex((x) => x.code === t.code) === i);
  for (const code of usedTables) {
    if (!tables.some((t) => t.code === code)) throw new Error(`series refer to unknown source table ${code}`);
  }
  return {
    content: {
      regions: [...UN_TOURISM_REGIONS],
      countries,
      regionUnits: regionUnitsOf(outputs, series, countriesPresent),
      tables,
      series,
      fx: outputs.flatMap((o) => o.fx ?? []),
      prices: outputs.flatMap((o) => o.prices ?? []),
      indicators,
      reachedByFile: periodsReached(outputs),
      derivationErrors,
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

/** Stops the ingest when a file is damaged: before any parsing, so it fails fast. */
function checkSourceShapes(sourcesDir: string, cacheDir: string | null, log: (line: string) => void): void {
  const t0 = performance.now();
  const { checked, problems } = checkSources(sourcesDir, cacheDir);
  if (problems.length > 0) {
    // The error may reach callers (a refresh round's reason): what the files contained goes to the log only.
    for (const p of problems) log(`  damaged   ${describeProblemForLog(p)}`);
    throw new IngestError('damaged source files, no release built', problems.map(describeProblem));
  }
  log(`  ${checked} files whole and in their publishers' layout (${Math.round(performance.now() - t0)} ms)`);
}

/** Stops the ingest when tables shrank or series vanished since the served release, unless allowed. */
function compareWithPrevious(previous: PreviousRelease, content: ReleaseContent, allowVanished: boolean, log: (line: string) => void): string[] {
  const now = holdingsOf(content);
  const drops = tableDrops(previous, now);
  const vanished = vanishedSeries(previous, now);
  const problems = [...drops, ...(vanished.length > 0 ? [describeVanished(previous, vanished)] : [])];
  if (problems.length === 0) {
    log(`  no series vanished and no table shrank since release ${previous.version}`);
  } else if (allowVanished) {
    for (const p of problems) log(`  accepted (--allow-vanished): ${p}`);
  } else {
    throw new IngestError('figures missing from the files, no release built (ingest --allow-vanished accepts the loss)', problems);
  }
  return vanished;
}

function sameSchema(previous: PreviousRelease): boolean {
  const current = listMigrations().map((m) => m.name);
  return current.length === previous.migrations.length && current.every((m, i) => m === previous.migrations[i]);
}

/**
 * Each table read from a copy a refresh fetched (DATA_DIR/cache) gains the publisher's Last-Modified
 * of that copy, which dates its figures where the file gives no date of its own (release-dating.ts).
 * A sources folder given by hand has no such header: its tables are left as they are.
 */
export function withLastModified(tables: SourceTableInfo[], sourcesDir: string, dataDir: string): SourceTableInfo[] {
  if (path.resolve(sourcesDir) !== path.resolve(dataDir, 'cache')) return tables;
  const states = readStates(dataDir).sources;
  const written = (id: string) => states[id]?.files ?? [];
  return tables.map((t) => {
    const source = ownerOf(t.file, written);
    const state = source ? states[source.id] : undefined;
    const day = state && state.files.includes(t.file) ? httpDateDay(state.lastModified) : null;
    return day ? { ...t, lastModified: day } : t;
  });
}

/** The release's bulk files beside it (src/db/bulk-files.ts), their sizes and times logged. */
function writeBulk(file: string, publicBaseUrl: string, log: (line: string) => void): BulkSummary {
  log('Writing the bulk files');
  const bulk = writeBulkFiles(file, { publicBaseUrl });
  log(
    `Bulk files: ${bulk.files.map((f) => `${f.name} ${f.bytes} bytes`).join(', ')}; ` +
      Object.entries(bulk.seconds).map(([what, s]) => `${what} in ${s.toFixed(1)} s`).join(', '),
  );
  return bulk;
}

/** The release's derived tables (src/ingest/derived-tables.ts), computed once and stored in the file. */
async function writeDerived(file: string, now: Date, log: (line: string) => void): Promise<void> {
  log('Computing the derived tables (rivals, briefs, gap reports, origin shift, search index)');
  const started = performance.now();
  const derived = await writeDerivedTables(file, now, log);
  log(`  rivals of ${derived.rivals} countries, ${derived.briefs} briefs, ${derived.gaps} gap reports (${Math.round(performance.now() - started)} ms)`);
}

export async function buildRelease(options: BuildOptions): Promise<BuildSummary> {
  const log = options.log ?? (() => {});
  const detail = options.detail ?? log;
  const now = options.now ?? new Date();
  const keep = options.keepReleases ?? DEFAULT_KEEP_RELEASES;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`releases to keep must be a whole number of at least 1, not ${keep}`);
  const started = performance.now();
  if (!fs.existsSync(options.sourcesDir)) throw new Error(`sources directory not found: ${options.sourcesDir}`);
  log(`Checking the source files in ${options.sourcesDir}`);
  checkSourceShapes(options.sourcesDir, options.parseCacheDir ?? null, log);
  log(`Reading sources from ${options.sourcesDir}`);
  const { content, rejected, decisions } = assembleContent(options.sourcesDir, log, options.parseCacheDir ?? null);
  content.tables = withLastModified(content.tables, options.sourcesDir, options.dataDir);
  const previousFile = currentReleaseFile(options.dataDir);
  const previous = previousFile ? readPreviousRelease(previousFile) : null;
  let vanished: string[] = [];
  if (previous) {
    log(`Comparing with the served release ${previous.version}`);
    vanished = compareWithPrevious(previous, content, options.allowVanished ?? false, log);
  }
  const dataVersion = contentDigest(content);
  const base = {
    countries: content.countries.length,
    rejected,
    unresolved: rejected.filter((r) => r.unresolved).length,
    decisions,
    vanished,
  };
  if (previous && previousFile && previous.dataVersion === dataVersion && sameSchema(previous)) {
    const summary: BuildSummary = {
      ...base,
      ...unchangedReleaseStats(previousFile, content),
      file: previousFile,
      written: false,
      pruned: [],
      bulk: null,
      seconds: (performance.now() - started) / 1000,
    };
    log(
      `Figures identical to the served release ${summary.version} (data version ${dataVersion}): kept, no new release file written; ` +
        `${summary.series} series, ${summary.observations} observations, ${summary.countries} countries; ${summary.seconds.toFixed(1)} s`,
    );
    logDetails(summary, log, detail);
    return summary;
  }
  const version = releaseVersion(now);
  const file = newReleaseFile(options.dataDir, version);
  if (file === previousFile) throw new Error(`release ${version} is the one being served: build the new one at another time`);
  log(`Writing release ${version}${previousFile ? ' (carrying the release log forward)' : ''}`);
  let stats: WriteStats;
  let bulk: BulkSummary;
  try {
    fs.rmSync(file, { force: true });
    stats = writeRelease(file, content, previousFile, version, now.toISOString(), dataVersion);
    await writeDerived(file, now, log);
    log('Validating');
    const problems = validateRelease(file);
    if (problems.length > 0) throw new Error(`release failed validation: ${problems.join('; ')}`);
    bulk = writeBulk(file, options.publicBaseUrl ?? '', log);
  } catch (err) {
    fs.rmSync(file, { force: true });
    fs.rmSync(bulkDir(file), { recursive: true, force: true });
    throw err;
  }
  publishRelease(options.dataDir, file);
  const pruned = pruneReleases(options.dataDir, keep);
  const summary: BuildSummary = { ...stats, ...base, file, written: true, pruned, bulk, seconds: (performance.now() - started) / 1000 };
  log(
    `Release ${version} served: ${summary.series} series, ${summary.observations} observations, ` +
      `${summary.countries} countries; ${summary.newPoints} new figures, ${summary.revisions} revisions` +
      `${summary.sourceRevisions ? ` (and ${summary.sourceRevisions} revisions between the publishers' own releases)` : ''}` +
      `${summary.changed ? '' : ' (content unchanged)'}; ${rejected.length} rejected rows, of which ${summary.unresolved} unresolved places; ` +
      `${decisions.length} rows placed by code/name decisions; ${vanished.length} series vanished; ${summary.seconds.toFixed(1)} s`,
  );
  if (pruned.length > 0) log(`Deleted older release files (keeping ${keep}): ${pruned.join(', ')}`);
  logDetails(summary, log, detail);
  return summary;
}

/** The counts as headings on `log`, each decision and reason on `detail` (debug level in the CLI's log). */
function logDetails(summary: BuildSummary, log: (line: string) => void, detail: (line: string) => void): void {
  if (summary.decisions.length > 0) {
    log(`Code/name decisions applied: ${summary.decisions.length} rows (each at LOG_LEVEL=debug)`);
    summariseDecisions(summary.decisions, detail);
  }
  if (summary.rejected.length > 0) {
    log(`Rejected rows by reason: ${summary.rejected.length} (each reason at LOG_LEVEL=debug)`);
    summariseRejected(summary.rejected, detail);
  }
}
