/**
 * /explore/compare?series=a,b,…&mode=index|levels: up to six series (ids or aliases) or countries
 * (ISO codes: their primary headline series) on one chart, as an index with 2019 = 100 or as levels
 * in plain units. The address is the whole state, so it is the link to share.
 */
import { indexToBaseYear, INDEX_BASE_YEAR } from '../../domain/baseline';
import { primarySeries } from '../../domain/country-summary';
import { ExplorerCompareCountryDocument, ExplorerCompareSeriesDocument } from '../../generated/explorer-operations';
import { navigate, params } from '../address';
import { ask, planRequired } from '../api';
import { drawChart } from '../chart';
import { PALETTE, periodTime, type Line } from '../chart-spec';
import { errorNote, h, planNote, show } from '../dom';

export const MAX_COMPARED = 6;

interface Compared {
  asked: string;
  label: string;
  alias: string;
  freq: string;
  unit: string;
  observations: { period: string; value: number | null }[];
}

type Resolved = { ok: Compared } | { plan: string } | { error: string };

/** The items of ?series=, trimmed, without repeats (the first six are drawn). */
export function askedItems(text: string | null): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** What the page says of the items beyond the sixth, which it does not draw. */
function leftOutNote(left: readonly string[]): HTMLElement | null {
  if (!left.length) return null;
  return h('p', { class: 'limit-note', id: 'compare-limit', role: 'status' }, `At most ${MAX_COMPARED} are compared at once; left out: ${left.join(', ')}. Remove one to draw another.`);
}

async function resolve(item: string): Promise<Resolved> {
  if (/^[A-Za-z]{2}$/.test(item)) {
    const answer = await ask(ExplorerCompareCountryDocument, { iso: item.toUpperCase() });
    const plan = planRequired(answer);
    if (plan) return { plan };
    const c = answer.data?.country;
    const s = c ? primarySeries(c.series) : undefined;
    if (!c || !s) return { error: answer.errors[0]?.message ?? `No headline series is held for ${item}.` };
    return { ok: { asked: item, label: `${c.name} · ${s.alias}`, alias: s.alias, freq: s.freq, unit: s.unit, observations: s.observations } };
  }
  const answer = await ask(ExplorerCompareSeriesDocument, { id: item });
  const plan = planRequired(answer);
  if (plan) return { plan };
  const s = answer.data?.seriesById;
  if (!s) return { error: answer.errors[0]?.message ?? `No series ${item} is held.` };
  return { ok: { asked: item, label: s.alias, alias: s.alias, freq: s.freq, unit: s.unit, observations: s.observations } };
}

function controls(items: string[], mode: 'index' | 'levels'): HTMLElement {
  const input = h('input', { id: 'compare-add', name: 'add', placeholder: 'series alias or id, or ISO code', autocomplete: 'off' });
  const set = (next: string[]) => navigate({ series: next.join(',') || null });
  return h(
    'div',
    { class: 'compare-controls' },
    h(
      'form',
      {
        class: 'row',
        onsubmit: (e: Event) => {
          e.preventDefault();
          const add = input.value.trim();
          if (add) set(askedItems([...items, add].join(',')));
        },
      },
      h('label', { for: 'compare-add' }, `Add (up to ${MAX_COMPARED})`),
      input,
      h('button', { type: 'submit', disabled: items.length >= MAX_COMPARED }, 'Add'),
    ),
    h('ul', { class: 'chips', 'aria-label': 'Compared' }, items.map((item) => h('li', {}, item, h('button', { type: 'button', 'aria-label': `Remove ${item}`, onclick: () => set(items.filter((i) => i !== item)) }, '×')))),
    h(
      'fieldset',
      { class: 'row' },
      h('legend', {}, 'Show'),
      (['index', 'levels'] as const).map((m) =>
        h('label', {}, h('input', { type: 'radio', name: 'mode', id: `mode-${m}`, value: m, checked: m === mode, onchange: () => navigate({ mode: m === 'index' ? null : m }) }), m === 'index' ? ` Index (${INDEX_BASE_YEAR} = 100)` : ' Levels'),
      ),
    ),
  );
}

export async function compareView(main: HTMLElement): Promise<void> {
  document.title = 'Compare · Tourism statistics explorer';
  const asked = askedItems(params().get('series'));
  const items = asked.slice(0, MAX_COMPARED);
  const mode = params().get('mode') === 'levels' ? 'levels' : 'index';
  const head = [h('p', { class: 'crumbs' }, h('a', { href: '/explore' }, 'Explorer'), ' › Compare'), h('h1', {}, 'Compare series and countries'), controls(items, mode), leftOutNote(asked.slice(MAX_COMPARED))];
  if (!items.length) {
    show(main, ...head, h('p', {}, 'Add series (alias or id, e.g. es.arrivals.total.m) or countries (ISO code, e.g. FR) to draw them on one chart.'));
    return;
  }
  show(main, ...head, h('p', { class: 'loading' }, 'Loading…'));
  const resolved = await Promise.all(items.map(resolve));
  const notes = resolved.map((r, i) => ('plan' in r ? planNote(r.plan, items[i]) : 'error' in r ? errorNote(`${items[i]}: ${r.error}`) : null));
  const shown = resolved.flatMap((r) => ('ok' in r ? [r.ok] : []));
  const periods = [...new Set(shown.flatMap((s) => s.observations.map((o) => o.period)))].sort((a, b) => periodTime(a) - periodTime(b) || a.length - b.length);
  const mixed = new Set(shown.map((s) => s.freq)).size > 1;
  const noBase: string[] = [];
  const lines: Line[] = shown.map((s, i) => {
    const values = mode === 'index' ? indexToBaseYear(s.observations).index : s.observations.map((o) => o.value);
    if (mode === 'index' && values.every((v) => v === null)) noBase.push(s.alias);
    const byPeriod = new Map(s.observations.map((o, n) => [o.period, values[n]]));
    return { label: s.label, color: PALETTE[i % PALETTE.length], values: periods.map((p) => byPeriod.get(p) ?? null), spanGaps: mixed };
  });
  const units = [...new Set(shown.map((s) => s.unit))];
  const share = h('input', { id: 'share-link', readonly: true, value: location.href, 'aria-label': 'Link to this comparison' });
  show(main, 
    ...head,
    notes,
    shown.length
      ? drawChart({
          id: 'compare-chart',
          title: mode === 'index' ? `Compared, ${INDEX_BASE_YEAR} = 100` : 'Compared, in plain units',
          kind: 'time',
          x: periods.map(periodTime),
          periods,
          unit: mode === 'index' ? `index, ${INDEX_BASE_YEAR} average = 100` : units.join(', '),
          lines,
          reference: mode === 'index' ? { label: `${INDEX_BASE_YEAR} = 100`, value: 100 } : undefined,
        }).element
      : null,
    noBase.length ? h('p', { class: 'muted' }, `No complete ${INDEX_BASE_YEAR} to index on: ${noBase.join(', ')}.`) : null,
    mode === 'levels' && units.length > 1 ? h('p', { class: 'muted' }, `The series are in different units (${units.join(', ')}): the index reads them on one scale.`) : null,
    h('div', { class: 'field share' }, h('label', { for: 'share-link' }, 'Link to share'), share),
  );
}
