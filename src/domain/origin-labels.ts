/**
 * Readable names for origin-market members: an ISO country code becomes the country's name;
 * the publishers' groupings (JNTO's regions and "other" rows, UN Tourism's regions of origin)
 * get the wording of the source file.
 */

const GROUP_LABELS: Record<string, string> = {
  // UN Tourism, Inbound Tourism-Regions sheet
  africa: 'Africa',
  americas: 'Americas',
  'east-asia-pacific': 'East Asia and the Pacific',
  europe: 'Europe',
  'middle-east': 'Middle East',
  'south-asia': 'South Asia',
  'other-not-classified': 'Other, not classified',
  'nationals-residing-abroad': 'Nationals residing abroad',
  // JNTO visitor arrivals by nationality
  'region-africa': 'Africa, total',
  'region-north-america': 'North America, total',
  'region-south-america': 'South America, total',
  'region-oceania': 'Oceania, total',
  'region-asia': 'Asia, total',
  'region-europe': 'Europe, total',
  'other-north-america': 'Other North America',
  'other-south-america': 'Other South America',
  'other-oceania': 'Other Oceania',
  'other-asia': 'Other Asia',
  'other-europe': 'Other Europe',
  stateless: 'Stateless',
};

/** `countryNames` maps upper-case ISO codes to names. Unknown members are spelled out from the slug. */
export function originLabel(member: string, countryNames: ReadonlyMap<string, string>): string {
  if (/^[a-z]{2}$/.test(member)) {
    const name = countryNames.get(member.toUpperCase());
    if (name) return name;
  }
  const group = GROUP_LABELS[member];
  if (group) return group;
  const words = member.replace(/^region-/, '').split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
