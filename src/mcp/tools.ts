/**
 * The /mcp tools, each one fixed operation: those a /v1 route runs answer with the route's data
 * (rest/routes/*.ts), CompareCountries (schema/operations/mcp.graphql) with its own. Each answer
 * carries a short text to quote and a citation per series it gives figures of.
 */
import {
  CalendarDocument,
  CompareCountriesDocument,
  CountryBriefDocument,
  CountryDetailDocument,
  FreshnessDocument,
  GapsDocument,
  ReleasesLatestDocument,
  SeriesMetadataDocument,
  SeriesObservationsDocument,
  SeriesSearchDocument,
  SeriesVintagesDocument,
} from '../generated/operations';
import { snakeFields } from '../../rest/fields';
import { unitLabel } from '../../rest/routes/measures';
import { defineTool, type Citation, type Tool, type ToolContext } from './tool';

type Row = Record<string, unknown>;

/** How many rows a text names before it says how many more the structured answer holds. */
const TEXT_ROWS = 12;

/** Rows in words, one a line, at most TEXT_ROWS. */
function lines<T>(rows: readonly T[], line: (row: T) => string): string {
  const shown = rows.slice(0, TEXT_ROWS).map((r) => `- ${line(r)}`);
  if (rows.length > TEXT_ROWS) shown.push(`- … ${rows.length - TEXT_ROWS} more in the structured answer.`);
  return shown.join('\n');
}

function seriesLinks(base: string, id: string) {
  return { rest_url: `${base}/v1/series/${id}/observations`, explorer_url: `${base}/explore/series/${id}` };
}

function countryLinks(base: string, iso: string) {
  return { rest_url: `${base}/v1/countries/${iso}`, explorer_url: `${base}/explore/countries/${iso}` };
}

/** The citation of a series: its publisher, official address and newest publication where the operation asked for them. */
export function citationOf(
  s: { id: string; name: string; released?: string | null; table?: { publisher: string; url: string } | null },
  ctx: ToolContext,
): Citation {
  return {
    series: s.id,
    name: s.name,
    publisher: s.table?.publisher ?? null,
    official_url: s.table?.url ?? null,
    released: s.released ?? null,
    ...seriesLinks(ctx.publicBaseUrl, s.id),
  };
}

/** The publishers of an answer's citations in a line, each with its release date, once each. */
export function sourcesLine(citations: readonly Citation[]): string {
  const named = citations.map((c) => `${c.publisher ?? 'unknown publisher'}${c.released ? ` (${c.released})` : ''}`).filter((v, i, all) => all.indexOf(v) === i);
  const more = named.length > TEXT_ROWS ? `; … ${named.length - TEXT_ROWS} more in the citations` : '';
  return `Sources: ${named.slice(0, TEXT_ROWS).join('; ')}${more}`;
}

/** How a citation reads in a text. */
function cited(c: Citation): string {
  const source = c.publisher ? `${c.publisher}${c.released ? `, published ${c.released}` : ''}${c.official_url ? ` (${c.official_url})` : ''}` : 'see the series';
  return `Source: ${source}. Series: ${c.rest_url}`;
}

const fmt = (v: unknown) => (v === null || v === undefined ? 'n/a' : typeof v === 'number' ? v.toLocaleString('en-US') : String(v));

const searchSeries = defineTool({
  name: 'search_series',
  title: 'Search series',
  description:
    "Finds series by words (prefixes, any language or accents), optionally of one country, measure or frequency. Each row is a series record: id, alias, country, name, measure, breakdown, freq, unit, first and last period, points (figures held) and whether it is the country's headline series.",
  operation: SeriesSearchDocument,
  answer: (r, args, _ctx, route) => {
    const rows = route!.data as Row[];
    const text = rows.length
      ? `${rows.length} series match "${args.q}"${r.seriesSearch.pageInfo.hasNextPage ? ' on this page (the next with next_cursor)' : ''}:\n${lines(rows, (s) => `${s.alias} (${s.id}): ${s.name}, ${s.first}–${s.last}`)}`
      : `No series matches "${args.q}".${r.seriesSearch.note ? ` ${r.seriesSearch.note}` : ''}`;
    // Cited by lookup: the route's search answers from the release's index, and its operation asks no more than the rows.
    return { text, data: rows, meta: route!.meta, citations: [], cite: { series: r.seriesSearch.nodes.map((s) => ({ id: s.id, country: s.countryIso })) } };
  },
});

const observations = defineTool({
  name: 'get_observations',
  title: 'Series observations',
  description:
    "Every period of one series from `from` to `to` with its value as published (see unit and scale), the publisher's status (published, estimated, provisional, break, not_published, withheld) and flags; withheld or unpublished periods have value null. With as_of, the values as they stood on that date (see series_vintages). With freq (and aggregation), summed, averaged or ended to a coarser frequency; with units, changes or logs by FRED's formulas (meta.unit says which); provenance=true adds each figure's source and publication date.",
  operation: SeriesObservationsDocument,
  answer: (r, args, ctx, route) => {
    const s = r.seriesById!;
    const citation = citationOf(s, ctx);
    const present = s.timeline.filter((o) => o.value !== null);
    const last = present.at(-1);
    // The route's unit: the transformation's (a percentage change on a year before …) where one is asked.
    const unit = String(route!.meta?.unit ?? unitLabel(s));
    const head = `${s.name} (${s.alias}), ${unit}${args.freq ? `, ${args.freq}` : ''}${args.as_of ? `, as it stood on ${args.as_of}` : ''}: ${s.timeline.length} periods${s.timeline.length ? ` from ${s.timeline[0].period} to ${s.timeline.at(-1)!.period}` : ''}.`;
    const latest = last ? ` Latest figure: ${fmt(last.value)} for ${last.period} (${last.status ?? 'status unknown'}).` : ' No figure in this window.';
    const recent = lines(s.timeline.slice(-TEXT_ROWS).reverse(), (o) => `${o.period}: ${fmt(o.value)}${o.status && o.status !== 'published' ? ` (${o.status})` : ''}`);
    return { text: `${head}${latest}\n${recent}\n${cited(citation)}`, data: route!.data, meta: route!.meta, citations: [citation] };
  },
});

const overview = defineTool({
  name: 'country_overview',
  title: 'Country overview',
  description:
    'One country: its world region, whether it is monthly, its first and latest period, months behind today, the measures held and the statistics it supports (with the plan each needs).',
  operation: CountryDetailDocument,
  answer: (r, _args, ctx, route) => {
    const c = r.country!;
    const text =
      `${c.name} (${c.iso}), ${c.regionName ?? 'no region'}: ${c.monthly ? 'monthly' : 'not monthly'}, figures from ${c.first ?? 'n/a'} to ${c.latest ?? 'n/a'}` +
      `${c.monthsBehind !== null && c.monthsBehind !== undefined ? ` (${c.monthsBehind} months behind)` : ''}. Measures: ${c.measures.join(', ') || 'none'}.\n` +
      `Statistics: ${c.statistics.map((x) => `${x.name} (${x.plan})`).join(', ')}.\nExplorer: ${countryLinks(ctx.publicBaseUrl, c.iso).explorer_url}`;
    return { text, data: route!.data, meta: { ...route!.meta, ...countryLinks(ctx.publicBaseUrl, c.iso) }, citations: [], cite: { countries: [{ iso: c.iso }] } };
  },
});

const brief = defineTool({
  name: 'country_brief',
  title: 'Country brief',
  description:
    "A short written brief of a monthly country's latest month, each sentence checked against its figures: the month's value, change on a year before, against 2019 and year to date, rank in its region, trust grade, the last six months, a three-month outlook with an 80% interval, context (jet fuel, currency, growth) and its rivals.",
  operation: CountryBriefDocument,
  answer: (r, _args, ctx, route) => {
    const c = r.country!;
    const b = c.brief;
    const text = b ? `${b.headline}\n${b.brief.join(' ')}\nExplorer: ${countryLinks(ctx.publicBaseUrl, c.iso).explorer_url}` : `No brief for ${c.name}: ${c.briefNote ?? 'none is held.'}`;
    return { text, data: route!.data, meta: { ...route!.meta, ...countryLinks(ctx.publicBaseUrl, c.iso) }, citations: [], cite: { countries: [{ iso: c.iso, measures: b ? [b.measure] : undefined }] } };
  },
});

const compare = defineTool({
  name: 'compare_countries',
  title: 'Compare countries on a measure',
  description:
    "One measure for several countries side by side: each country's headline series of the measure (or its total of `freq`), its observations from `from` to `to` as published (unit and scale per series: they differ between publishers, so compare changes rather than levels across units), with status and flags, and a citation per series.",
  operation: CompareCountriesDocument,
  notes: {
    country: 'ISO 3166 two-letter codes of the countries to compare (1 to 50).',
    measure: 'The measure to compare: arrivals, nights, spend, capacity, departures …',
    freq: "A frequency (M, Q or A): each country's total series of that frequency instead of its headline series.",
  },
  answer: (r, args, ctx) => {
    const rows = r.countries.nodes.map((c) => {
      const s = c.measureSeries;
      return {
        country: c.iso,
        name: c.name,
        note: s ? s.windowNote : c.measureNote,
        series: s ? { id: s.id, alias: s.alias, name: s.name, unit: unitLabel(s), currency: s.currency, freq: s.freq, first: s.first, last: s.last } : null,
        observations: s ? s.observations.map((o) => snakeFields(o)) : [],
      };
    });
    const citations = r.countries.nodes.flatMap((c) => (c.measureSeries ? [citationOf(c.measureSeries, ctx)] : []));
    const text = `${args.measure} by country:\n${lines(rows, (row) => {
      const last = row.observations.filter((o) => o.value !== null).at(-1);
      if (!row.series) return `${row.name} (${row.country}): no series. ${row.note ?? ''}`.trim();
      return `${row.name} (${row.country}): ${last ? `${fmt(last.value)} ${row.series.unit} in ${last.period}` : `no figure in the window. ${row.note ?? ''}`.trim()} — ${row.series.alias}`;
    })}\n${sourcesLine(citations)}`;
    return { text, data: rows, meta: { measure: args.measure, from: args.from ?? null, to: args.to ?? null }, citations };
  },
});

const calendar = defineTool({
  name: 'release_calendar',
  title: 'Release calendar',
  description:
    "Each country's expected next release, derived from the pattern of its past releases: the latest period held, the next period, the month it is expected in, the usual delay in months and whether it is overdue.",
  operation: CalendarDocument,
  answer: (r, _args, _ctx, route) => ({
    text: `${r.calendar.note}\n${lines(r.calendar.rows, (c) => `${c.name} (${c.country}): latest ${c.latest}, ${c.nextPeriod} expected in ${c.expectedIn}${c.overdue ? ' (overdue)' : ''}`)}`,
    data: route!.data,
    meta: route!.meta,
    citations: [],
    cite: { countries: r.calendar.rows.map((c) => ({ iso: c.country, latest: c.latest })) },
  }),
});

const latestReleases = defineTool({
  name: 'latest_releases',
  title: 'Latest releases',
  description: 'For each country, the date figures last arrived, how many series they updated, the newest period they reach and the measures.',
  operation: ReleasesLatestDocument,
  answer: (r, _args, _ctx, route) => ({
    text: `Latest releases${r.releasesLatest.since ? ` since ${r.releasesLatest.since}` : ''}:\n${lines(r.releasesLatest.rows, (x) => `${x.country}: ${x.date}, ${x.seriesUpdated} series to ${x.latestPeriod} (${x.measures.join(', ')})`)}`,
    data: route!.data,
    meta: route!.meta,
    citations: [],
    cite: { countries: r.releasesLatest.rows.map((x) => ({ iso: x.country, measures: x.measures })) },
  }),
});

const vintages = defineTool({
  name: 'series_vintages',
  title: 'Series vintages',
  description: 'The dates on which figures of a series arrived or were revised, oldest first, with how many periods were new and how many revised: the dates get_observations can ask for with as_of.',
  operation: SeriesVintagesDocument,
  answer: (r, _args, ctx, route) => {
    const s = r.seriesById!;
    const text = `${s.name} (${s.alias}): ${s.vintages.length} vintages.\n${lines([...s.vintages].reverse(), (v) => `${v.date}: ${v.newPoints} new, ${v.revisedPoints} revised`)}`;
    return { text, data: route!.data, meta: route!.meta, citations: [citationOf(s, ctx)] };
  },
});

const metadata = defineTool({
  name: 'series_metadata',
  title: 'Series definition and revisions',
  description:
    'One series: its definition (measure, breakdown, frequency, unit, scale, currency), source table with publisher and official address, whether it is derived, its method breaks, how many of its figures were revised and when last, and its names in every language held.',
  operation: SeriesMetadataDocument,
  answer: (r, _args, _ctx, route) => {
    const s = r.seriesById!;
    const text =
      `${s.name} (${s.alias}), ${unitLabel(s)}, ${s.freq}, ${s.first}–${s.last}${s.derived ? ', derived by this service' : ''}. ` +
      `${s.revisionCount} revised figures${s.lastRevised ? `, last revised ${s.lastRevised.slice(0, 10)}` : ''}. Breaks: ${s.breaks.join(', ') || 'none'}.`;
    // Its release date is looked up: the route's operation reads no figure, and a citation's date is its newest figure's.
    return { text, data: route!.data, meta: route!.meta, citations: [], cite: { series: [{ id: s.id, country: s.countryIso }] } };
  },
});

const gaps = defineTool({
  name: 'data_gaps',
  title: 'Gaps in monthly series',
  description:
    "Every monthly country's monthly series from its first figure to last month: months held, missing, not published, withheld and pending, the share complete and which months are missing.",
  operation: GapsDocument,
  notes: { country: 'ISO 3166 two-letter codes: only these countries (default: every monthly country).' },
  answer: (r, _args, _ctx, route) => ({
    text: lines(r.gaps, (g) => `${g.name} (${g.country}) ${g.measure}: ${g.completePct}% complete, ${g.monthsMissing} missing, ${g.monthsPending} pending, ${g.first}–${g.latest}`),
    data: route!.data,
    meta: route!.meta,
    citations: [],
    cite: { series: r.gaps.map((g) => ({ id: g.series, country: g.country })) },
  }),
});

const freshness = defineTool({
  name: 'data_freshness',
  title: 'Freshness',
  description: "Each country's newest finished period and the whole months between it and today, worst first.",
  operation: FreshnessDocument,
  answer: (r, _args, _ctx, route) => ({
    text: lines(r.freshness, (f) => `${f.name} (${f.iso}): latest ${f.latest ?? 'n/a'}, ${fmt(f.monthsBehind)} months behind`),
    data: route!.data,
    meta: route!.meta,
    citations: [],
    cite: { countries: r.freshness.map((f) => ({ iso: f.iso, latest: f.latest })) },
  }),
});

export const TOOLS: Tool[] = [searchSeries, observations, metadata, vintages, overview, brief, compare, calendar, latestReleases, gaps, freshness];
