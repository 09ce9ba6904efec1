/** Eurostat `geo.dic`: the English labels of the GEO code list (no header, `CODE<TAB>label`). */
import { readSourceText } from '../source-reads';

export const GEO_DIC_FILE = 'eurostat/geo.dic';

export function parseGeoDic(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const tab = line.indexOf('\t');
    if (tab <= 0) continue; // blank or malformed line: no code to label
    labels[line.slice(0, tab).trim()] = line.slice(tab + 1).trim();
  }
  return labels;
}

export function loadGeoDic(sourcesDir: string): Record<string, string> {
  return parseGeoDic(readSourceText(sourcesDir, GEO_DIC_FILE));
}
