/**
 * UN Tourism's five world regions. No source file carries the classification, so it is
 * derived here from the UN M49 regions (country-codes.csv) with UN Tourism's documented
 * departures from M49: Egypt and Libya and the Arab states of Western Asia form the
 * Middle East; Central Asia, the Caucasus, Cyprus, Israel and Türkiye belong to Europe;
 * Iran and the rest of Asia with Oceania form Asia and the Pacific.
 */
export const UN_TOURISM_REGIONS = [
  { slug: 'africa', name: 'Africa' },
  { slug: 'americas', name: 'Americas' },
  { slug: 'asia-pacific', name: 'Asia and the Pacific' },
  { slug: 'europe', name: 'Europe' },
  { slug: 'middle-east', name: 'Middle East' },
] as const;

export type RegionSlug = (typeof UN_TOURISM_REGIONS)[number]['slug'];

const MIDDLE_EAST = new Set(['BH', 'EG', 'IQ', 'JO', 'KW', 'LB', 'LY', 'OM', 'PS', 'QA', 'SA', 'SY', 'AE', 'YE']);
const EUROPE_IN_ASIA = new Set(['AM', 'AZ', 'GE', 'CY', 'IL', 'TR', 'KZ', 'KG', 'TJ', 'TM', 'UZ']);

export function unTourismRegion(iso: string, m49Region: string | null): RegionSlug | null {
  if (MIDDLE_EAST.has(iso)) return 'middle-east';
  if (EUROPE_IN_ASIA.has(iso) || iso === 'XK') return 'europe';
  switch (m49Region) {
    case 'Europe':
      return 'europe';
    case 'Africa':
      return 'africa';
    case 'Americas':
      return 'americas';
    case 'Asia':
    case 'Oceania':
      return 'asia-pacific';
    default:
      return null;
  }
}
