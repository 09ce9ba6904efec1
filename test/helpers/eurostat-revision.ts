/** A publisher's revision of one figure in a Eurostat TSV, as tests that rebuild a release make it. */

/**
 * The TSV text with the figure of `rowKey` (the row's first cell, e.g. `M,TOTAL,NR,I551-I553,MT`)
 * for `period` raised by `by`; the figure before and after. Line by line: a regex over the whole
 * file took seconds.
 */
export function reviseEurostatFigure(text: string, rowKey: string, period: string, by: number): { text: string; before: number; after: number } {
  const lines = text.split('\n');
  const col = lines[0].split('\t').findIndex((h) => h.trim() === period);
  const row = lines.findIndex((l) => l.startsWith(`${rowKey}\t`));
  if (col < 0 || row < 0) throw new Error(`no figure of ${rowKey} for ${period}`);
  const cells = lines[row].split('\t');
  const before = Number(cells[col].trim().split(' ')[0]);
  cells[col] = `${before + by} `;
  lines[row] = cells.join('\t');
  return { text: lines.join('\n'), before, after: before + by };
}
