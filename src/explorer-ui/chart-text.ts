/** A chart in words (its text alternative) and as a table: what a screen reader or a copy-paste gets. */
import type { ChartSpec } from './chart-spec';
import { MARKS } from './chart-spec';
import { formatNumber } from './format';
import { dataTable, type Column } from './table';

function extremes(values: (number | null)[], periods: string[]): { high: string; low: string; latest: string } | null {
  let hi = -1;
  let lo = -1;
  let last = -1;
  values.forEach((v, i) => {
    if (v === null) return;
    if (hi < 0 || v > values[hi]!) hi = i;
    if (lo < 0 || v < values[lo]!) lo = i;
    last = i;
  });
  if (last < 0) return null;
  const at = (i: number) => `${periods[i]} ${formatNumber(values[i])}`;
  return { high: at(hi), low: at(lo), latest: at(last) };
}

export function describeChart(spec: ChartSpec): string {
  const parts = [`${spec.title}. Line chart of ${spec.lines.map((l) => l.label).join(', ')}, ${spec.periods[0] ?? ''} to ${spec.periods[spec.periods.length - 1] ?? ''}, in ${spec.unit}.`];
  for (const line of spec.lines) {
    const e = extremes(line.values, spec.periods);
    parts.push(e ? `${line.label}: latest ${e.latest}; highest ${e.high}; lowest ${e.low}.` : `${line.label}: no figures.`);
  }
  if (spec.reference) parts.push(`Reference line: ${spec.reference.label}, ${formatNumber(spec.reference.value)}.`);
  if (spec.band) parts.push(`Shaded band: ${spec.band.label}.`);
  if (spec.marks) {
    const counts = MARKS.map((m) => [m, spec.marks!.filter((x) => x === m).length] as const).filter(([, n]) => n > 0);
    if (counts.length) parts.push(`Marked figures: ${counts.map(([m, n]) => `${n} ${m}`).join(', ')}.`);
  }
  return parts.join(' ');
}

interface Row {
  i: number;
}

export function chartTable(spec: ChartSpec): HTMLElement {
  const rows: Row[] = spec.x.map((_, i) => ({ i }));
  const columns: Column<Row>[] = [
    { key: 'period', label: spec.kind === 'months' ? 'Month' : 'Period', value: (r) => (spec.kind === 'months' ? spec.x[r.i] : spec.periods[r.i]), render: (r) => spec.periods[r.i] },
    ...spec.lines.map((l, n) => ({ key: `line${n}`, label: l.label, numeric: true, value: (r: Row) => l.values[r.i], render: (r: Row) => formatNumber(l.values[r.i]) })),
  ];
  if (spec.band) {
    const band = spec.band;
    columns.push(
      { key: 'low', label: 'Low', numeric: true, value: (r) => band.lower[r.i], render: (r) => formatNumber(band.lower[r.i]) },
      { key: 'high', label: 'High', numeric: true, value: (r) => band.upper[r.i], render: (r) => formatNumber(band.upper[r.i]) },
    );
  }
  if (spec.marks) columns.push({ key: 'mark', label: 'Mark', value: (r) => spec.marks![r.i] ?? '' });
  return dataTable(rows, columns, { caption: `${spec.title} (${spec.unit})`, address: `${spec.id}-` });
}
