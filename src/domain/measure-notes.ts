/** The notes a measure list gives beside a block without figures: why it is empty. */

/** No series of the measure (of the frequency asked) is present for the country. */
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
  /** Whether the window holds figures the caller's plan does not see yet (published less than 30 days ago). */
  hiddenFigures = false,
): string | null {
  if (hasFigure || (window.from == null && window.to == null)) return null;
  const between = `between ${window.from ?? 'its start'} and ${window.to ?? 'its end'}`;
  if (hiddenFigures) {
    return `${series.name} has no figure ${between} visible on this plan yet (developer keys see figures published more than 30 days ago); it runs from ${series.first} to ${series.last}.`;
  }
  return `${series.name} has no figure ${between}; it runs from ${series.first} to ${series.last}.`;
}
