/** Source tables with the series present from each: count, span and measures. */
import { comparePeriodEnds } from './periods';

export interface TableInfo {
  code: string;
  title: string;
  publisher: string;
  url: string;
}

export interface TableSeries {
  tableCode: string;
  measure: string;
  first: string;
  last: string;
}

export interface TableSummary {
  table: string;
  title: string;
  publisher: string;
  url: string;
  /** Series present from the table. */
  series: number;
  /** The earliest first period and the latest last period of those series. */
  first: string;
  last: string;
  measures: string[];
}

/**
 * Periods by the end they reach, then as text: "2020-03" and "2020-Q1" end alike, and the text
 * decides between them whatever order the series come in.
 */
function compareEnds(a: string, b: string): number {
  return comparePeriodEnds(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Each table holding at least one of `series`, in the order of `tables`. One pass over the series. */
export function summariseTables(tables: readonly TableInfo[], series: readonly TableSeries[]): TableSummary[] {
  const byTable = new Map<string, { series: number; first: string; last: string; measures: Set<string> }>();
  for (const s of series) {
    const h = byTable.get(s.tableCode);
    if (!h) {
      byTable.set(s.tableCode, { series: 1, first: s.first, last: s.last, measures: new Set([s.measure]) });
      continue;
    }
    h.series++;
    // Series of a table mostly share their ends: equal text needs no parsing.
    if (s.first !== h.first && compareEnds(s.first, h.first) < 0) h.first = s.first;
    if (s.last !== h.last && compareEnds(s.last, h.last) > 0) h.last = s.last;
    h.measures.add(s.measure);
  }
  return tables.flatMap((t) => {
    const h = byTable.get(t.code);
    if (!h) return [];
    return [
      {
        table: t.code,
        title: t.title,
        publisher: t.publisher,
        url: t.url,
        series: h.series,
        first: h.first,
        last: h.last,
        measures: [...h.measures].sort(),
      },
    ];
  });
}
