/**
 * Which figure feeds tourism intensity for a country and year. One rule for arrivals and for
 * receipts: the publisher's own series first (the country's UN Tourism annual total, brought
 * from thousands or millions to units), and the World Bank's copy of the same UN Tourism
 * figure (ST.INT.ARVL, ST.INT.RCPT.CD) only where the series has no value for that year.
 */
import { scaleFactor } from './scale';

export interface SourcedFigure {
  value: number;
  source: 'un_tourism' | 'world_bank';
}

export const INTENSITY_SOURCES_NOTE =
  "arrivals: the country's UN Tourism annual arrivals total (published in thousands, given here in units); where it has no figure for the year, World Bank ST.INT.ARVL. " +
  "receipts: UN Tourism inbound tourism expenditure (US$ millions, given in US$); where absent, World Bank ST.INT.RCPT.CD. " +
  'population: World Bank SP.POP.TOTL. Countries without arrivals or population for the year are not ranked.';

/** Publisher value as published with its scale, or null; World Bank value in units, or null. */
export function pickFigure(
  publisher: { value: number | null; scale: string | null } | undefined,
  worldBank: number | null | undefined,
): SourcedFigure | null {
  if (publisher && publisher.value !== null && Number.isFinite(publisher.value)) {
    // Rounded to whole units: thousands × 1000 can leave binary noise (217877.1 × 1000).
    return { value: Math.round(publisher.value * scaleFactor(publisher.scale)), source: 'un_tourism' };
  }
  if (worldBank != null && Number.isFinite(worldBank)) return { value: worldBank, source: 'world_bank' };
  return null;
}
