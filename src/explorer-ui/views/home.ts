/**
 * /explore: search over every series and country, and the world view: for one measure at a time,
 * each place's newest figure of its headline series against the same period of 2019, in a table
 * sortable by any column, each figure at its unit's precision.
 * Address: ?q= (search), ?measure= (the world view's measure), ?sort=&dir= (the table's order).
 */
import { primarySeries } from '../../domain/country-summary';
import { vsBaseYear } from '../../domain/baseline';
import { ExplorerCountriesDocument, ExplorerSearchDocument, ExplorerWorldDocument, type ExplorerCountriesQuery, type ExplorerWorldQuery } from '../../generated/explorer-operations';
import { params, setParams } from '../address';
import { ask, keyRejected, planRequired } from '../api';
import { errorNote, fill, h, planNote, section, show } from '../dom';
import { formatFigure, formatNumber, formatPct, unitLabel } from '../format';
import { dataTable, type Column } from '../table';

type Place = ExplorerCountriesQuery['countries']['nodes'][number];
type WorldSeries = ExplorerWorldQuery['countries']['nodes'][number]['series'][number];

export interface WorldRow {
  iso: string;
  name: string;
  region: string | null;
  series: WorldSeries | null;
  period: string | null;
  value: number | null;
  base: number | null;
  vs2019: number | null;
  monthsBehind: number | null;
}

/** The measures the world view offers, one at a time: a column holds one measure's figures. */
export const WORLD_MEASURES = ['arrivals', 'nights', 'spend'] as const;
export type WorldMeasure = (typeof WORLD_MEASURES)[number];

const MEASURE_NAMES: Readonly<Record<WorldMeasure, string>> = { arrivals: 'Arrivals', nights: 'Nights', spend: 'Spend' };

/** The measure the address names, arrivals when it names none the view offers. */
export function worldMeasure(value: string | null): WorldMeasure {
  return (WORLD_MEASURES as readonly string[]).includes(value ?? '') ? (value as WorldMeasure) : 'arrivals';
}

/** Each place with its headline series of the measure (its freshest, the finer on a tie): the newest figure against 2019. */
export function worldRows(places: readonly Place[], world: ExplorerWorldQuery | null, measure: WorldMeasure): WorldRow[] {
  const seriesOf = new Map(world?.countries.nodes.map((c) => [c.iso, c.series]) ?? []);
  return places.map((p) => {
    const series = primarySeries((seriesOf.get(p.iso) ?? []).filter((s) => s.measure === measure)) ?? null;
    const latest = series?.latest ?? null;
    const vs = latest && series ? vsBaseYear(latest, series.observations) : null;
    return {
      iso: p.iso,
      name: p.name,
      region: p.regionName,
      series,
      period: latest?.period ?? (world ? null : p.latest),
      value: latest?.value ?? null,
      base: vs?.base ?? null,
      vs2019: vs?.pct ?? null,
      monthsBehind: p.monthsBehind,
    };
  });
}

const figureOf = (r: WorldRow, value: number | null) => (r.series ? formatFigure(value, r.series.unit, r.series.scale) : formatNumber(value));

/** The world table's columns: the figures of one measure, or only how far behind each place is when the plan shows no series. */
function worldColumns(name: string, planOnly: boolean): Column<WorldRow>[] {
  const columns: Column<WorldRow>[] = [
    { key: 'name', label: 'Place', value: (r) => r.name, render: (r) => h('a', { href: `/explore/countries/${r.iso}` }, r.name) },
    { key: 'iso', label: 'ISO', value: (r) => r.iso },
    { key: 'region', label: 'Region', value: (r) => r.region },
    { key: 'period', label: 'Latest period', value: (r) => r.period },
  ];
  if (!planOnly) {
    columns.push(
      {
        key: 'series',
        label: 'Series',
        value: (r) => r.series?.alias ?? null,
        render: (r) => (r.series ? h('a', { href: `/explore/series/${encodeURIComponent(r.series.alias)}` }, `${r.series.measure} (${r.series.freq})`) : '–'),
      },
      { key: 'value', label: `${name}, latest`, numeric: true, value: (r) => r.value, render: (r) => figureOf(r, r.value) },
      { key: 'base', label: `${name}, same period of 2019`, numeric: true, value: (r) => r.base, render: (r) => figureOf(r, r.base) },
      { key: 'vs2019', label: 'Change vs 2019', numeric: true, value: (r) => r.vs2019, render: (r) => formatPct(r.vs2019) },
      { key: 'unit', label: 'Unit', value: (r) => (r.series ? unitLabel(r.series.unit, r.series.scale) : null) },
    );
  } else {
    columns.push({ key: 'behind', label: 'Months behind', numeric: true, value: (r) => r.monthsBehind, render: (r) => formatNumber(r.monthsBehind) });
  }
  return columns;
}

function searchForm(q: string, onSearch: (q: string) => void): HTMLElement {
  const input = h('input', { type: 'search', name: 'q', id: 'search-q', value: q, placeholder: 'e.g. Spain, nights hotels, JP', autocomplete: 'off' });
  return h(
    'form',
    { role: 'search', class: 'search', onsubmit: (e: Event) => (e.preventDefault(), onSearch(input.value.trim())) },
    h('label', { for: 'search-q' }, 'Search every series and country'),
    h('div', { class: 'row' }, input, h('button', { type: 'submit' }, 'Search')),
  );
}

/** Asks the series search at once, beside the places still on their way (a search in the address). */
async function showSearch(part: ReturnType<typeof section>, q: string, placesAsked: Promise<readonly Place[]>): Promise<void> {
  if (!q) {
    part.root.hidden = true;
    return;
  }
  part.root.hidden = false;
  const needle = q.toLowerCase();
  const [answer, places] = await Promise.all([ask(ExplorerSearchDocument, { q }), placesAsked]);
  const countries = places.filter((p) => p.iso.toLowerCase() === needle || p.name.toLowerCase().includes(needle));
  const plan = planRequired(answer);
  const series = answer.data?.seriesSearch;
  fill(
    part,
    'ready',
    h('h3', {}, `Countries (${countries.length})`),
    countries.length
      ? h('ul', { class: 'hits', id: 'country-hits' }, countries.map((c) => h('li', {}, h('a', { href: `/explore/countries/${c.iso}` }, c.name), ` ${c.iso}`)))
      : h('p', {}, 'No country matches.'),
    h('h3', {}, series ? `Series (${series.totalCount}${series.totalCount > series.nodes.length ? `, first ${series.nodes.length}` : ''})` : 'Series'),
    plan
      ? planNote(plan, 'Searching series')
      : series
        ? series.nodes.length
          ? h(
              'ul',
              { class: 'hits', id: 'series-hits' },
              series.nodes.map((s) => h('li', {}, h('a', { href: `/explore/series/${encodeURIComponent(s.alias)}` }, s.name), ` ${s.alias} · ${s.first}–${s.last}`)),
            )
          : h('p', {}, 'No series matches.')
        : errorNote(answer.errors[0]?.message ?? 'The search failed.'),
  );
}

export async function homeView(main: HTMLElement): Promise<void> {
  document.title = 'Tourism statistics explorer';
  const search = section('search-results', 'Search results');
  const world = section('world', 'The world against 2019');
  const countriesAsked = ask(ExplorerCountriesDocument, {});
  const placesAsked = countriesAsked.then((a) => a.data?.countries.nodes ?? []);
  show(main, 
    h('h1', {}, 'Tourism statistics explorer'),
    searchForm(params().get('q') ?? '', (q) => {
      setParams({ q }, true);
      void showSearch(search, q, placesAsked);
    }),
    search.root,
    world.root,
  );
  const searched = showSearch(search, params().get('q') ?? '', placesAsked);
  const [countries, worldAnswer] = await Promise.all([countriesAsked, ask(ExplorerWorldDocument, {})]);
  if (keyRejected(countries) || !countries.data) {
    show(main, errorNote(countries.errors[0]?.message ?? 'The countries could not be read.'));
    return;
  }
  const places = countries.data.countries.nodes;
  const plan = planRequired(worldAnswer);
  const draw = (measure: WorldMeasure) => {
    const rows = worldRows(places, worldAnswer.data, measure);
    const name = MEASURE_NAMES[measure];
    const columns = worldColumns(name, plan !== null);
    const picker = h(
      'select',
      {
        id: 'world-measure',
        onchange: (e: Event) => {
          const next = worldMeasure((e.target as HTMLSelectElement).value);
          setParams({ measure: next === 'arrivals' ? null : next });
          draw(next);
          document.getElementById('world-measure')?.focus();
        },
      },
      WORLD_MEASURES.map((m) => h('option', { value: m, selected: m === measure }, MEASURE_NAMES[m])),
    );
    fill(
      world,
      plan ? 'plan' : 'ready',
      h(
        'p',
        {},
        'For the measure chosen, each place’s headline series (its freshest): the newest figure this key’s plan sees, and its change on the same month, quarter or year of 2019.',
      ),
      plan ? planNote(plan, 'The figures and their change against 2019') : h('div', { class: 'field' }, h('label', { for: 'world-measure' }, 'Measure'), picker),
      dataTable(rows, columns, {
        caption: plan ? `${rows.length} places` : `${rows.length} places · ${name.toLowerCase()}`,
        sort: { key: 'name', dir: 'asc' },
        address: '',
      }),
    );
    world.root.dataset.measure = measure;
  };
  draw(worldMeasure(params().get('measure')));
  await searched;
}
