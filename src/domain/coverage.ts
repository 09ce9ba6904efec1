/** A year-by-month grid of which periods of a series hold a value. */
import { parsePeriod } from './periods';

export type CellState = 'held' | 'not_published' | 'withheld' | 'missing';

export interface CoverageRow {
  year: number;
  held: number;
  /** Twelve cells for a monthly series (January first), four for a quarterly one, one for an annual one. */
  cells: CellState[];
}

function stateOf(o: { value: number | null; status: string } | undefined): CellState {
  if (!o) return 'missing';
  if (o.value !== null) return 'held';
  if (o.status === 'withheld') return 'withheld';
  if (o.status === 'not_published') return 'not_published';
  return 'missing';
}

/** Rows from the first to the last year with a value; cells outside the series' span are 'missing'. */
export function coverageGrid(freq: string, observations: readonly { period: string; value: number | null; status: string }[]): CoverageRow[] {
  const present = observations.filter((o) => o.value !== null);
  if (present.length === 0) return [];
  const firstYear = parsePeriod(present[0].period)!.year;
  const lastYear = parsePeriod(present[present.length - 1].period)!.year;
  const byPeriod = new Map(observations.map((o) => [o.period, o]));
  const slots = freq === 'M' ? 12 : freq === 'Q' ? 4 : 1;
  const label = (year: number, i: number) =>
    freq === 'M' ? `${year}-${String(i + 1).padStart(2, '0')}` : freq === 'Q' ? `${year}-Q${i + 1}` : String(year);
  const rows: CoverageRow[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const cells = Array.from({ length: slots }, (_, i) => stateOf(byPeriod.get(label(year, i))));
    rows.push({ year, held: cells.filter((c) => c === 'held').length, cells });
  }
  return rows;
}
