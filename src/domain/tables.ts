/** Source tables with the series held from each: count, span and measures. */
import { comparePeriodEnds } from './periods';

export interface TableInfo {
  code: string;
  title: string;
  publisher: string;
  url: string;
}

export function summariseTables(tables: readonly TableInfo[], series: readonly { tableCode: string; measure: string; first: string; last: string }[]) {
  return tables.flatMap((t) => {
    const held = series.filter((s) => s.tableCode === t.code);
    if (held.length === 0) return [];
    const firsts = held.map((s) => s.first).sort(comparePeriodEnds);
    const lasts = held.map((s) => s.last).sort(comparePeriodEnds);
    return [
      {
        table: t.code,
        title: t.title,
        publisher: t.publisher,
        url: t.url,
        series: held.length,
        first: firsts[0],
        last: lasts[lasts.length - 1],
        measures: [...new Set(held.map((s) => s.measure))].sort(),
      },
    ];
  });
}
