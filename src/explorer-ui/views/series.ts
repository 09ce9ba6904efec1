/**
 * /explore/series/{id}: one series with the publisher's marks on its chart, its table, a vintage
 * picker (?as_of=), downloads (CSV as /v1 writes it, PNG and SVG of the chart, the /v1 answers in
 * JSON and CSV, the release's bulk files), its citation and licence, and the REST address, GraphQL
 * query and Python cell that give the same figures. Address: ?as_of=, and ?sort=&dir= for
 * the figures table's order.
 */
import { ExplorerSeriesDocument, type ExplorerSeriesQuery } from '../../generated/explorer-operations';
import { navigate, params } from '../address';
import { ask, fetchKeyed, planRequired } from '../api';
import { download, drawChart } from '../chart';
import { MARKS, PALETTE, periodTime, type Mark } from '../chart-spec';
import { csvOfRows } from '../csv';
import { errorNote, h, planNote, show } from '../dom';
import { formatNumber, unitLabel } from '../format';
import { graphqlQuery, pythonSnippet, restUrl } from '../snippets';
import { dataTable } from '../table';

type Series = NonNullable<ExplorerSeriesQuery['seriesById']>;
type Point = Series['timeline'][number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function markOf(p: Point): Mark | null {
  return MARKS.find((m) => m === p.status) ?? null;
}

function vintagePicker(s: Series, asOf: string | null, onPick: (date: string | null) => void): HTMLElement {
  const select = h(
    'select',
    { id: 'as-of', name: 'as_of', onchange: (e: Event) => onPick(e.target instanceof HTMLSelectElement && e.target.value ? e.target.value : null) },
    h('option', { value: '', selected: asOf === null }, 'As it stands now'),
    [...s.vintages].reverse().map((v) => h('option', { value: v.date, selected: v.date === asOf }, `As it stood on ${v.date}`)),
  );
  return h('div', { class: 'field' }, h('label', { for: 'as-of' }, 'Vintage'), select);
}

function codeBlock(id: string, label: string, text: string): HTMLElement {
  const copy = h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(text) }, 'Copy');
  return h('div', { class: 'snippet' }, h('div', { class: 'snippet-head' }, h('h3', { id: `${id}-title` }, label), copy), h('pre', { id, 'aria-labelledby': `${id}-title`, tabindex: 0 }, h('code', {}, text)));
}

type Bulk = NonNullable<ExplorerSeriesQuery['bulkFiles']>;

/** The citation, with a button copying it, and the publisher's terms. */
function citationBlock(s: Series): HTMLElement {
  const copied = h('span', { class: 'muted', role: 'status', id: 'citation-copied' });
  const copy = h(
    'button',
    {
      type: 'button',
      id: 'copy-citation',
      onclick: () =>
        void (navigator.clipboard?.writeText(s.citation) ?? Promise.reject(new Error('no clipboard'))).then(
          () => (copied.textContent = 'Copied.'),
          () => (copied.textContent = 'Select the text to copy it.'),
        ),
    },
    'Copy citation',
  );
  const terms = s.licence.url ? h('a', { href: s.licence.url, rel: 'noopener' }, s.licence.name) : s.licence.name;
  return h(
    'section',
    { id: 'cite', 'aria-labelledby': 'cite-title' },
    h('div', { class: 'snippet-head' }, h('h2', { id: 'cite-title' }, 'Cite this series'), copy, copied),
    h('p', { id: 'citation' }, s.citation),
    h('p', { id: 'licence' }, "Publisher's terms: ", terms),
  );
}

const sizeText = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`);

/** Links fetched with the visitor's key (a plain link sends none), saved under the file's name; a error is said beside them. */
function keyedLinks(id: string, label: string, links: { href: string; text: string; file: string; note?: string }[]): HTMLElement {
  const status = h('p', { class: 'muted', role: 'status', id: `${id}-status` });
  const item = (l: (typeof links)[number]) =>
    h(
      'li',
      {},
      h(
        'a',
        {
          href: l.href,
          download: l.file,
          onclick: (e: Event) => {
            e.preventDefault();
            status.textContent = `Downloading ${l.file}…`;
            void fetchKeyed(l.href, (blob) => download(l.file, blob)).then((error) => (status.textContent = error ?? ''));
          },
        },
        l.text,
      ),
      l.note ? ` ${l.note}` : null,
    );
  return h('section', { id, 'aria-labelledby': `${id}-title` }, h('h3', { id: `${id}-title` }, label), h('ul', {}, links.map(item)), status);
}

function downloadLinks(s: Series, bulk: Bulk | null | undefined, asOf: string | null): HTMLElement[] {
  const base = `/v1/series/${encodeURIComponent(s.alias)}/observations${asOf ? `?as_of=${asOf}` : ''}`;
  const file = `${s.alias}${asOf ? `_as_of_${asOf}` : ''}`;
  const own = keyedLinks('series-downloads', 'This series from /v1', [
    { href: base, text: 'JSON', file: `${file}.json` },
    { href: `${base}${asOf ? '&' : '?'}format=csv`, text: 'CSV', file: `${file}.csv` },
  ]);
  if (!bulk || bulk.files.length === 0) return [own];
  const files = keyedLinks(
    'bulk-downloads',
    `Every series at once: release ${bulk.release} (analyst plan and above)`,
    bulk.files.map((f) => ({ href: new URL(f.url).pathname, text: f.name, file: `tourism-${bulk.release}-${f.name}`, note: `(${sizeText(f.bytes)}, ${f.mediaType.split(';')[0]})` })),
  );
  return [own, files];
}

export async function seriesView(main: HTMLElement, id: string): Promise<void> {
  const given = params().get('as_of');
  const asOf = given && DATE.test(given) ? given : null;
  const answer = await ask(ExplorerSeriesDocument, { id, asOf });
  const plan = planRequired(answer);
  const s = answer.data?.seriesById;
  document.title = `${s?.name ?? id} · Tourism statistics explorer`;
  const crumbs = h('p', { class: 'crumbs' }, h('a', { href: '/explore' }, 'Explorer'), s ? [' › ', h('a', { href: `/explore/countries/${s.countryIso}` }, s.countryIso)] : null, ' › ', s?.alias ?? id);
  if (plan || !s) {
    show(main, crumbs, h('h1', {}, id), plan ? planNote(plan, 'A series and its figures') : errorNote(answer.errors[0]?.message ?? `No series ${id} is held.`));
    return;
  }
  const rerender = (date: string | null) => navigate({ as_of: date });
  const points = s.timeline;
  const unit = unitLabel(s.unit, s.scale);
  const chart = drawChart({
    id: 'series-chart',
    title: `${s.name}${asOf ? `, as it stood on ${asOf}` : ''}`,
    kind: 'time',
    x: points.map((p) => periodTime(p.period)),
    periods: points.map((p) => p.period),
    unit,
    lines: [{ label: s.alias, values: points.map((p) => p.value), color: PALETTE[0] }],
    marks: points.map(markOf),
  });
  const request = { origin: location.origin, id: s.alias, asOf };
  const file = `${s.alias}${asOf ? `_as_of_${asOf}` : ''}`;
  const csv = () => csvOfRows(['period', 'value', 'status', 'flags'], points);
  show(main, 
    crumbs,
    h('h1', {}, s.name),
    h('p', { class: 'muted' }, `${s.alias} · ${s.id} · ${s.measure}, ${s.freq} · ${unit} · ${s.table.publisher} table ${s.table.code}: ${s.table.title}`),
    h('div', { class: 'toolbar' }, vintagePicker(s, asOf, rerender), h('a', { href: `/explore/compare?series=${encodeURIComponent(s.alias)}` }, 'Compare with others')),
    chart.element,
    h(
      'div',
      { class: 'toolbar downloads', role: 'group', 'aria-label': 'Downloads' },
      h('button', { type: 'button', id: 'download-csv', onclick: () => download(`${file}.csv`, new Blob([csv()], { type: 'text/csv' })) }, 'Download CSV'),
      h('button', { type: 'button', id: 'download-png', onclick: () => void chart.png().then((b) => download(`${file}.png`, b)) }, 'Download PNG'),
      h('button', { type: 'button', id: 'download-svg', onclick: () => download(`${file}.svg`, new Blob([chart.svg()], { type: 'image/svg+xml' })) }, 'Download SVG'),
    ),
    downloadLinks(s, answer.data?.bulkFiles, asOf),
    citationBlock(s),
    s.breaks.length ? h('p', {}, `Breaks in the series (method or definition changed): ${s.breaks.join(', ')}.`) : null,
    h('h2', {}, 'Figures'),
    dataTable(
      points,
      [
        { key: 'period', label: 'Period', value: (p) => p.period },
        { key: 'value', label: `Value (${unit})`, numeric: true, value: (p) => p.value, render: (p) => formatNumber(p.value) },
        { key: 'status', label: 'Status', value: (p) => p.status ?? '' },
        { key: 'flags', label: 'Flags', value: (p) => p.flags ?? '' },
      ],
      { caption: `${s.alias}${asOf ? ` as of ${asOf}` : ''}: ${points.length} periods`, sort: { key: 'period', dir: 'desc' }, address: '' },
    ),
    h('h2', {}, 'The same figures elsewhere'),
    codeBlock('rest-url', 'REST', `${restUrl(request)}\n${restUrl(request, 'csv')}`),
    codeBlock('graphql-query', 'GraphQL (POST /graphql)', graphqlQuery(request)),
    codeBlock('python-snippet', 'Python (requests + pandas)', pythonSnippet(request)),
    h('p', { class: 'muted' }, 'Each sends your key as X-API-Key; the Python cell reads it from TOURISM_API_KEY.'),
  );
}
