/**
 * Tourism intensity: arrivals and receipts per resident for one year.
 * arrivalsPerResident is rounded to 3 decimals (large countries sit near 0.01);
 * receiptsPerResidentUsd to 2 decimals.
 */
import { compareCodes, round } from './numeric';

export interface IntensityInput {
  country: string;
  name: string;
  arrivals: number | null;
  receiptsUsd: number | null;
  /** Residents as a head count (not millions). */
  population: number | null;
}

export interface IntensityRow {
  rank: number;
  country: string;
  name: string;
  year: number;
  arrivalsPerResident: number;
  receiptsPerResidentUsd: number | null;
  arrivals: number;
  population: number;
}

/**
 * Ranked by arrivals per resident, highest first; ties on the exact ratio share a rank
 * (1, 2, 2, 4) and are listed by country code. Rows without arrivals or a positive population
 * cannot be ranked and are left out.
 */
export function tourismIntensity(rows: readonly IntensityInput[], year: number): IntensityRow[] {
  const rankable = rows
    .filter((r): r is IntensityInput & { arrivals: number; population: number } =>
      r.arrivals !== null && r.population !== null && r.population > 0,
    )
    .map((r) => ({ input: r, ratio: r.arrivals / r.population }))
    .sort((a, b) => b.ratio - a.ratio || compareCodes(a.input.country, b.input.country));

  let rank = 0;
  return rankable.map(({ input, ratio }, i) => {
    if (i === 0 || ratio !== rankable[i - 1].ratio) rank = i + 1;
    return {
      rank,
      country: input.country,
      name: input.name,
      year,
      arrivalsPerResident: round(ratio, 3),
      receiptsPerResidentUsd:
        input.receiptsUsd === null ? null : round(input.receiptsUsd / input.population, 2),
      arrivals: input.arrivals,
      population: input.population,
    };
  });
}
