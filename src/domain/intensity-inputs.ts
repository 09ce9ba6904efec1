/**
 * Which figure feeds tourism intensity for a country and year. One rule for arrivals and for
 * receipts: the publisher's own series first (the country's UN Tourism annual total, brought
 * from thousands or millions to units), and the World Bank's copy of the same UN Tourism
 * figure (ST.INT.ARVL, ST.INT.RCPT.CD) only where the series has no value for that year.
 */
import { inUnits } from './scale';

export interface SourcedFigure {
  value: number;
  source: 'un_tourism' | 'world_bank';
}

export const INTENSITY_SOURCES_NOTE =
  "arrivals: the country's UN Tourism annual arrivals total (published in thousands, given here in units); where it has no figure for the year, World Bank ST.INT.ARVL (as a whole count: the Bank's file holds counts in single precision). " +
  "receipts: UN Tourism inbound tourism expenditure (US$ millions, given in US$); where absent, World Bank ST.INT.RCPT.CD. " +
  'population: World Bank SP.POP.TOTL. Countries without arrivals or population for the year are not ranked.';

/**
 * A count the World Bank gives (ST.INT.ARVL) as the whole count it stands for. The Bank's files
 * carry UN Tourism's counts through single precision: Japan's 2020 arrivals, 4,115.8 thousand,
 * read 4115799.8046875 there, the United States' 2018, 169,324.918 thousand, 169324921.875. A
 * count has no fraction, so the nearest whole number is taken.
 */
export function bankCount(value: number): number;
export function bankCount(value: number | null | undefined): number | null | undefined;
export function bankCount(value: number | null | undefined): number | null | undefined {
  return typeof value === 'number' ? Math.round(value) : value;
}

/** Publisher value as published with its scale, or null; World Bank value in units, or null. */
export function pickFigure(
  publisher: { value: number | null; scale: string | null } | undefined,
  worldBank: number | null | undefined,
): SourcedFigure | null {
  if (publisher && publisher.value !== null && Number.isFinite(publisher.value)) {
    // The published decimal shifted exactly (217877.1 thousands is 217877100), then whole units.
    return { value: Math.round(inUnits(publisher.value, publisher.scale)), source: 'un_tourism' };
  }
  if (worldBank != null && Number.isFinite(worldBank)) return { value: worldBank, source: 'world_bank' };
  return null;
}
