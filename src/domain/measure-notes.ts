/** The notes a measure list gives beside a block without figures: why it is empty. */

/** No series of the measure (of the frequency asked) is held for the country. */
export function noMeasureSeriesNote(measure: string, countryName: string, freq?: string | null): string {
  return `No ${measure} series${freq ? ` with frequency ${freq}` : ''} is held for ${countryName}.`;
}

/**
 * A window asked of a series holds no figure: its name, the window as asked and the span it runs
 * over. Null when the window holds a figure, or when no window was asked (the series is then empty).
 */
export function noFigureNote(
  series: { name: string; first: string; last: string },
  window: { from?: string | null; to?: string | null },
  hasFigure: boolean,
): string | null {
  if (hasFigure || (window.from == null && window.to == null)) return null;
  return `${series.name} has no figure between ${window.from ?? 'its start'} and ${window.to ?? 'its end'}; it runs from ${series.first} to ${series.last}.`;
}
