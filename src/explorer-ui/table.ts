/**
 * Tables whose column headers are buttons that sort them (keyboard and screen readers included:
 * aria-sort on the header), the order stored in the address. Numeric cells carry their exact figure
 * in data-value.
 */
import { params, setParams } from './address';
import { h } from './dom';

export interface Column<R> {
  key: string;
  label: string;
  /** What the column sorts by (and, for numbers, what data-value holds). */
  value: (row: R) => string | number | null;
  /** What the cell shows; the value as text by default. */
  render?: (row: R) => Node | string;
  numeric?: boolean;
}

export type SortDir = 'asc' | 'desc';

export interface Sort {
  key: string;
  dir: SortDir;
}

export interface TableOptions {
  caption: string;
  /** The order before the address or a click gives one. */
  sort?: Sort;
  /**
   * Where the address keeps the order: ?{address}sort=&{address}dir=, so each table of a view has
   * its own ('' for a view's main table, e.g. 'rivals-' beside others).
   */
  address: string;
  /** false: no sorting (a timeline read in order). */
  sortable?: boolean;
}

function compare(a: string | number | null, b: string | number | null): number {
  // Cells without a figure go last whichever the direction: see sortRows.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function sortRows<R>(rows: readonly R[], value: (row: R) => string | number | null, dir: SortDir): R[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compare(a, b);
  });
}

/** The order the address gives a table, when it names one of the table's columns. */
function addressedSort(prefix: string, columns: readonly { key: string }[]): Sort | undefined {
  const key = params().get(`${prefix}sort`);
  if (!key || !columns.some((c) => c.key === key)) return undefined;
  return { key, dir: params().get(`${prefix}dir`) === 'desc' ? 'desc' : 'asc' };
}

export function dataTable<R>(rows: readonly R[], columns: readonly Column<R>[], options: TableOptions): HTMLElement {
  let sort = addressedSort(options.address, columns) ?? options.sort;
  const tbody = h('tbody');
  const heads = columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : undefined, 'data-key': c.key }));
  const draw = () => {
    const column = sort && columns.find((c) => c.key === sort!.key);
    const ordered = column && sort ? sortRows(rows, column.value, sort.dir) : rows;
    tbody.replaceChildren(
      ...ordered.map((row) =>
        h(
          'tr',
          {},
          columns.map((c, i) => {
            const v = c.value(row);
            const attrs = { class: c.numeric ? 'num' : undefined, 'data-key': c.key, 'data-value': c.numeric ? (v === null ? '' : String(v)) : undefined };
            const content = c.render ? c.render(row) : v === null ? '–' : String(v);
            return i === 0 ? h('th', { ...attrs, scope: 'row' }, content) : h('td', attrs, content);
          }),
        ),
      ),
    );
    heads.forEach((th, i) => {
      const c = columns[i];
      const dir = sort?.key === c.key ? sort.dir : null;
      if (options.sortable === false) {
        th.replaceChildren(c.label);
        return;
      }
      th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none');
      const next: SortDir = dir === 'desc' ? 'asc' : dir === 'asc' ? 'desc' : c.numeric ? 'desc' : 'asc';
      th.replaceChildren(
        h(
          'button',
          {
            type: 'button',
            class: 'sort',
            onclick: () => {
              sort = { key: c.key, dir: next };
              setParams({ [`${options.address}sort`]: c.key, [`${options.address}dir`]: next });
              draw();
              // The pressed button was replaced: its successor takes the focus, so a keyboard stays put.
              th.querySelector('button')?.focus();
            },
          },
          c.label,
          h('span', { 'aria-hidden': 'true', class: 'sort-mark' }, dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''),
        ),
      );
    });
  };
  draw();
  return h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': options.caption }, h('table', {}, h('caption', {}, options.caption), h('thead', {}, h('tr', {}, heads)), tbody));
}
