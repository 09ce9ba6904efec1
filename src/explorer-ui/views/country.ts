/**
 * /explore/countries/{iso}: the country's headline series against 2019, this year beside last year,
 * seasonality, origin markets and their shift, rivals, gaps and freshness, and the brief with its
 * outlook band. One query asks for every part under its own alias, so a part the key's plan does not
 * open says which plan does while the others show. Address: ?measure= picks the headline series;
 * each table's order is ?{table}-sort=&{table}-dir= (origins-, rivals-, gaps-, headline-chart- …).
 */
import { baseYearMean, INDEX_BASE_YEAR } from '../../domain/baseline';
import { primarySeries } from '../../domain/country-summary';
import { ExplorerCountryPageDocument, type ExplorerCountryPageQuery } from '../../generated/explorer-operations';
import { params } from '../address';
import { ask, keyRejected, planRequired, type Answer } from '../api';
import { drawChart } from '../chart';
import { MONTH_NAMES, PALETTE, periodTime, type ChartSpec } from '../chart-spec';
import { errorNote, fill, h, planNote, section, show } from '../dom';
import { formatNumber, formatPct } from '../format';
import { dataTable } from '../table';

type PageData = ExplorerCountryPageQuery;
type Country = NonNullable<PageData['country']>;
type Headline = NonNullable<PageData['headline']>['series'][number];
type Part = ReturnType<typeof section>;

/** One part of the page's answer: its alias's data and the errors under that alias. */
function partOf<T>(answer: Answer<PageData>, alias: keyof PageData, pick: (data: PageData) => T | null | undefined): Answer<T> {
  return { data: answer.data ? (pick(answer.data) ?? null) : null, errors: answer.errors.filter((e) => e.path?.[0] === alias) };
}

/** Fills `part` from `answer`: a plan note on plan_required, an error note on other errors, else `show`. */
function settle<T>(part: Part, what: string, answer: Answer<T>, show: (data: T) => void): void {
  const plan = planRequired(answer);
  if (plan) return fill(part, 'plan', planNote(plan, what));
  if (!answer.data || answer.errors.length) return fill(part, 'error', errorNote(answer.errors[0]?.message ?? `${what} could not be read.`));
  show(answer.data);
}

function notFound(part: Part, text: string): void {
  fill(part, 'empty', h('p', { class: 'muted' }, text));
}

function overview(c: Country): HTMLElement {
  const fact = (label: string, value: string) => [h('dt', {}, label), h('dd', {}, value)];
  return h(
    'dl',
    { class: 'facts', id: 'freshness' },
    fact('Region', c.regionName ?? '–'),
    fact('Frequency', c.monthly ? 'monthly' : 'quarterly or annual'),
    fact('Held', `${c.first ?? '–'} to ${c.latest ?? '–'}`),
    fact('Months behind', c.monthsBehind === null ? '–' : String(c.monthsBehind)),
    fact('Measures', c.measures.join(', ') || '–'),
  );
}

function headlineCharts(part: Part, c: Country, series: readonly Headline[]): Headline | null {
  const measure = params().get('measure');
  const chosen = series.find((s) => s.measure === measure) ?? primarySeries(series) ?? null;
  if (!chosen) {
    notFound(part, 'No headline series is held for this country.');
    return null;
  }
  const picker = h(
    'nav',
    { class: 'pills', 'aria-label': 'Measure' },
    series.map((s) =>
      h(
        'a',
        { href: `?measure=${s.measure}`, 'aria-current': s === chosen ? 'page' : undefined },
        `${s.measure} (${s.freq})`,
      ),
    ),
  );
  const obs = chosen.observations;
  const base = baseYearMean(obs);
  const spec: ChartSpec = {
    id: 'headline-chart',
    title: `${c.name}: ${chosen.name}`,
    kind: 'time',
    x: obs.map((o) => periodTime(o.period)),
    periods: obs.map((o) => o.period),
    unit: chosen.unit,
    lines: [{ label: chosen.alias, values: obs.map((o) => o.value), color: PALETTE[0] }],
    reference: base === null ? undefined : { label: `${INDEX_BASE_YEAR} ${chosen.freq === 'A' ? 'level' : chosen.freq === 'M' ? 'monthly average' : 'quarterly average'}`, value: base },
  };
  const parts: (HTMLElement | null)[] = [picker, h('p', {}, h('a', { href: `/explore/series/${encodeURIComponent(chosen.alias)}` }, 'This series with its flags, vintages and downloads'), ' · ', h('a', { href: `/explore/compare?series=${encodeURIComponent(chosen.alias)}` }, 'Compare it')), drawChart(spec).element];
  if (chosen.freq === 'M' && obs.length) {
    const year = Number(obs[obs.length - 1].period.slice(0, 4));
    const byPeriod = new Map(obs.map((o) => [o.period, o.value]));
    const yearLine = (y: number, color: string, dash?: number[]) => ({
      label: String(y),
      color,
      dash,
      values: MONTH_NAMES.map((_, m) => byPeriod.get(`${y}-${String(m + 1).padStart(2, '0')}`) ?? null),
    });
    const years = [...new Set([INDEX_BASE_YEAR, year - 1, year])].filter((y) => y <= year);
    parts.push(
      drawChart({
        id: 'year-chart',
        title: `${c.name}: ${year} beside ${year - 1}${years.includes(INDEX_BASE_YEAR) && INDEX_BASE_YEAR < year - 1 ? ` and ${INDEX_BASE_YEAR}` : ''}`,
        kind: 'months',
        x: MONTH_NAMES.map((_, m) => m + 1),
        periods: [...MONTH_NAMES],
        unit: chosen.unit,
        lines: years.map((y) => yearLine(y, y === year ? PALETTE[0] : y === year - 1 ? PALETTE[1] : '#777777', y === INDEX_BASE_YEAR && y < year - 1 ? [4, 4] : undefined)),
      }).element,
    );
  }
  fill(part, 'ready', parts);
  return chosen;
}

type Seasonal = NonNullable<PageData['seasonality']>['series'];

function seasonality(part: Part, chosen: Headline | null, answer: Answer<Seasonal>): void {
  if (!chosen || chosen.freq !== 'M') return notFound(part, 'Seasonality is worked out for monthly series only.');
  settle(part, 'Seasonality', answer, (monthly) => {
    const s = monthly.find((m) => m.id === chosen.id)?.seasonality;
    if (!s || !s.months.length) return notFound(part, 'No complete year to work seasonality out from.');
    fill(
      part,
      'ready',
      h('p', {}, `${s.index} Years used: ${s.years[0]}–${s.years[s.years.length - 1]} (${s.years.length}).`),
      drawChart({
        id: 'seasonality-chart',
        title: `Seasonal index of ${chosen.alias}`,
        kind: 'months',
        x: s.months.map((m) => m.month),
        periods: s.months.map((m) => MONTH_NAMES[m.month - 1]),
        unit: 'index, average month = 100',
        lines: [{ label: 'Median index', values: s.months.map((m) => m.index), color: PALETTE[2] }],
        band: { label: 'Lowest to highest year', lower: s.months.map((m) => m.low), upper: s.months.map((m) => m.high) },
        reference: { label: 'Average month', value: 100 },
      }).element,
    );
  });
}

function originShift(part: Part, answer: Answer<NonNullable<PageData['origins']>>): void {
  settle(part, 'Origin markets', answer, (data) => {
    const shift = data.originShift;
    if (!shift || !shift.rows.length) return notFound(part, 'No origin breakdown is held for this country.');
    fill(
      part,
      'ready',
      h('p', {}, `Share of ${shift.method.value}: ${shift.method.window}, against ${shift.method.against}.`),
      dataTable(
        shift.rows,
        [
          { key: 'origin', label: 'Origin', value: (r) => r.origin },
          { key: 'share', label: 'Share %', numeric: true, value: (r) => r.sharePct, render: (r) => formatNumber(r.sharePct) },
          { key: 'change', label: 'Change (points)', numeric: true, value: (r) => r.changePoints, render: (r) => `${r.changePoints > 0 ? '+' : ''}${formatNumber(r.changePoints)}` },
        ],
        { caption: 'Origin markets, largest moves first', address: 'origins-' },
      ),
    );
  });
}

function rivals(part: Part, answer: Answer<NonNullable<PageData['rivals']>>): void {
  settle(part, 'Rivals', answer, (data) => {
    const list = data.rivals;
    if (!list.length) return notFound(part, 'No rivals are worked out for this country.');
    fill(
      part,
      'ready',
      h('p', {}, list[0].basis),
      dataTable(
        list,
        [
          { key: 'rank', label: 'Rank', numeric: true, value: (r) => r.rank },
          { key: 'name', label: 'Destination', value: (r) => r.name, render: (r) => h('a', { href: `/explore/countries/${r.country}` }, r.name) },
          { key: 'score', label: 'Overlap score', numeric: true, value: (r) => r.score, render: (r) => formatNumber(r.score) },
          { key: 'markets', label: 'Shared markets', value: (r) => r.sharedMarkets.map((m) => m.name).join(', ') },
        ],
        { caption: 'Destinations competing for the same travellers', sort: { key: 'rank', dir: 'asc' }, address: 'rivals-' },
      ),
    );
  });
}

/**
 * Gaps are reported by series id; shown is the alias, the name a reader knows the series by, from
 * the headline series (where a country's monthly series per measure are found, Spain's all). A
 * series not among them, or every one under a plan below developer (no series read), keeps its id:
 * the API takes it as well.
 */
function gaps(part: Part, c: Country, answer: Answer<PageData['gaps']>, aliasOf: ReadonlyMap<string, string>): void {
  settle(part, 'Gaps', answer, (rows) => {
    const name = (r: (typeof rows)[number]) => aliasOf.get(r.series) ?? r.series;
    fill(
      part,
      'ready',
      h('p', {}, `Newest period held: ${c.latest ?? '–'}, ${c.monthsBehind ?? '–'} months behind.`),
      rows.length
        ? dataTable(
            rows,
            [
              { key: 'series', label: 'Series', value: name, render: (r) => h('a', { href: `/explore/series/${encodeURIComponent(name(r))}` }, name(r)) },
              { key: 'span', label: 'From–to', value: (r) => `${r.first}–${r.latest}` },
              { key: 'held', label: 'Months held', numeric: true, value: (r) => r.monthsHeld },
              { key: 'missing', label: 'Missing', numeric: true, value: (r) => r.monthsMissing },
              { key: 'np', label: 'Not published', numeric: true, value: (r) => r.monthsNotPublished },
              { key: 'withheld', label: 'Withheld', numeric: true, value: (r) => r.monthsWithheld },
              { key: 'pending', label: 'Pending', numeric: true, value: (r) => r.monthsPending },
              { key: 'complete', label: 'Complete %', numeric: true, value: (r) => r.completePct },
            ],
            { caption: 'Months held and missing in the monthly series', address: 'gaps-' },
          )
        : h('p', { class: 'muted' }, 'Gaps are counted for monthly countries only.'),
    );
  });
}

function brief(part: Part, answer: Answer<NonNullable<PageData['brief']>>): void {
  settle(part, 'The brief', answer, (data) => {
    const b = data.brief;
    if (!b) return notFound(part, 'No brief is served for this country.');
    const months = [...b.lastSix.map((m) => m.month), ...b.outlook.map((m) => m.month)];
    const figure = (month: string) => b.lastSix.find((m) => m.month === month)?.value ?? null;
    const outlook = (month: string) => b.outlook.find((m) => m.month === month);
    fill(
      part,
      'ready',
      h('p', { class: 'brief-headline' }, b.headline),
      b.brief.map((p) => h('p', {}, p)),
      h('p', { class: 'muted' }, `Trust grade ${b.figures.trust?.grade ?? '–'}; against a year before ${formatPct(b.figures.yoyPct)}; against 2019 ${formatPct(b.figures.vs2019Pct)}.`),
      drawChart({
        id: 'brief-chart',
        title: `${b.measure}: the last six months and the outlook`,
        kind: 'time',
        x: months.map(periodTime),
        periods: months,
        unit: b.measure,
        lines: [
          { label: 'Published', values: months.map(figure), color: PALETTE[0] },
          { label: 'Outlook', values: months.map((m) => outlook(m)?.value ?? null), color: PALETTE[1], dash: [5, 4] },
        ],
        band: { label: 'Outlook 80% interval', lower: months.map((m) => outlook(m)?.low ?? null), upper: months.map((m) => outlook(m)?.high ?? null) },
      }).element,
      b.outlookMethod ? h('p', { class: 'muted' }, `Method: ${b.outlookMethod}.`) : null,
    );
  });
}

export async function countryView(main: HTMLElement, iso: string): Promise<void> {
  const answer = await ask(ExplorerCountryPageDocument, { iso });
  const c = answer.data?.country;
  if (keyRejected(answer) || !c) {
    document.title = 'Country not found · Tourism statistics explorer';
    show(main, h('h1', {}, iso), errorNote(answer.errors[0]?.message ?? `No country ${iso} is held.`));
    return;
  }
  document.title = `${c.name} · Tourism statistics explorer`;
  const stats = new Set(c.statistics.map((s) => s.name));
  const parts = {
    headline: section('headline', 'Headline series against 2019'),
    seasonality: section('seasonality', 'Seasonality'),
    origins: section('origins', 'Origin markets and their shift'),
    rivals: section('rivals', 'Rivals'),
    gaps: section('gaps', 'Gaps and freshness'),
    brief: section('brief', 'Brief and outlook'),
  };
  show(
    main,
    h('p', { class: 'crumbs' }, h('a', { href: '/explore' }, 'Explorer'), ' › ', c.name),
    h('h1', {}, `${c.name} (${c.iso})`),
    overview(c),
    Object.values(parts).map((p) => p.root),
  );
  const headline = partOf(answer, 'headline', (d) => d.headline?.series);
  const plan = planRequired(headline);
  let chosen: Headline | null = null;
  if (plan) fill(parts.headline, 'plan', planNote(plan, 'Series and their figures'));
  else if (!headline.data || headline.errors.length) fill(parts.headline, 'error', errorNote(headline.errors[0]?.message ?? 'The series could not be read.'));
  else chosen = headlineCharts(parts.headline, c, headline.data);
  // Without the series (the plan shows none) there is no series to ask seasonality of: the plan the
  // country's statistics list gives for it is what opens it.
  const seasonPlan = c.statistics.find((s) => s.name === 'seasonality')?.plan ?? 'developer';
  if (plan) fill(parts.seasonality, 'plan', planNote(seasonPlan, 'Seasonality'));
  else seasonality(parts.seasonality, chosen, partOf(answer, 'seasonality', (d) => d.seasonality?.series));
  // A part the country does not hold answers an error of its own (e.g. no origin breakdown): its
  // statistics list says so first.
  if (stats.has('origin-shift')) originShift(parts.origins, partOf(answer, 'origins', (d) => d.origins));
  else notFound(parts.origins, 'No origin breakdown is held for this country.');
  if (stats.has('rivals')) rivals(parts.rivals, partOf(answer, 'rivals', (d) => d.rivals));
  else notFound(parts.rivals, 'No rivals are worked out for this country.');
  gaps(parts.gaps, c, partOf(answer, 'gaps', (d) => d.gaps), new Map((headline.data ?? []).map((s) => [s.id, s.alias])));
  if (stats.has('brief')) brief(parts.brief, partOf(answer, 'brief', (d) => d.brief));
  else notFound(parts.brief, 'A brief is written for countries whose main series is monthly.');
}
