/**
 * ECB euro foreign exchange reference rates, full daily history (eurofxref-hist.csv from
 * eurofxref-hist.zip): units of currency per 1 EUR, one column per currency, newest day first.
 */
import type { RejectedRow, SourceTableInfo } from '../../domain/types';
import type { ConnectorOutput, FxRate } from '../records';
import { readSourceText } from '../source-reads';

export const ECB_FILE = 'ecb/eurofxref-hist.csv';
const TABLE = 'ecb_eurofxref';

export const ECB_TABLE: SourceTableInfo = {
  code: TABLE,
  publisher: 'European Central Bank',
  title: 'Euro foreign exchange reference rates, daily history (units of currency per EUR)',
  url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip',
  file: ECB_FILE,
};

const MISSING = 'N/A';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The file has no quoting, so lines are split on commas directly: about 7,000 lines × 41 currencies
 * parse in a few milliseconds. The header's trailing comma gives an empty last column, ignored.
 */
export function parseEurofxref(text: string): { fx: FxRate[]; rejected: RejectedRow[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const currencies = lines[0].split(',').map((c) => c.trim());
  const fx: FxRate[] = [];
  const rejected: RejectedRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const date = cells[0].trim();
    if (!DATE_RE.test(date)) {
      rejected.push({ table: TABLE, row: `line ${i + 1}: ${line.slice(0, 40)}`, reason: 'no ISO date in first column' });
      continue;
    }
    for (let k = 1; k < cells.length; k++) {
      const currency = currencies[k];
      const cell = cells[k].trim();
      if (!currency || cell === '' || cell === MISSING) continue;
      const rate = Number(cell);
      if (Number.isFinite(rate) && rate > 0) fx.push({ date, currency, rate });
      else rejected.push({ table: TABLE, row: `${date} ${currency}: "${cell}"`, reason: 'rate is not a positive number' });
    }
  }
  return { fx, rejected };
}

export function loadEcb(sourcesDir: string): ConnectorOutput {
  const { fx, rejected } = parseEurofxref(readSourceText(sourcesDir, ECB_FILE));
  return { tables: [ECB_TABLE], series: [], rejected, fx };
}
