/**
 * NUTS 2021 classification (Eurostat `NUTS2021.xlsx`, sheet `NUTS & SR 2021`): every NUTS code
 * with its national-language name and, for non-latin scripts, the latin transliteration.
 */
import type { RegionUnitRef } from '../records';
import { readSheet } from '../workbook';
import { isoCountry } from './eurostat-tsv';
import { readSource } from '../source-reads';

export const NUTS_FILE = 'nuts/NUTS2021.xlsx';
export const NUTS_SHEET = 'NUTS & SR 2021';

// Column positions (0-based) in the main sheet.
const COL_CODE = 0;
const COL_LEVEL0_NAME = 1; // B; level n's name sits in column B + n
const COL_LEVEL = 5; // F
const COL_LATIN_CODE = 9; // J repeats the code on rows that carry a transliteration
const COL_LATIN_FIRST = 10; // K
const COL_LATIN_LAST = 17; // R

type Cell = string | number | boolean | null;

/** Trim, including the trailing non-breaking spaces some names carry; '' → null. */
function cleanText(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const text = String(cell).trim();
  return text === '' ? null : text;
}

function levelOf(cell: Cell | undefined): number | null {
  const level = typeof cell === 'number' ? cell : Number(cleanText(cell) ?? NaN);
  return Number.isInteger(level) && level >= 0 && level <= 3 ? level : null;
}

/** The name sits in the column of its level; fall back to any name column if that one is empty. */
function nationalName(row: Cell[], level: number): string | null {
  const atLevel = cleanText(row[COL_LEVEL0_NAME + level]);
  if (atLevel) return atLevel;
  for (let col = COL_LEVEL0_NAME; col < COL_LEVEL0_NAME + 4; col++) {
    const name = cleanText(row[col]);
    if (name) return name;
  }
  return null;
}

/**
 * Latin transliteration from columns K–R. Only rows whose column J repeats the code carry one
 * (other rows use J for a note). The column is not always the level's own (K holds levels 0
 * and 1, MK level 3 sits in N), so take the first non-empty cell.
 */
function latinName(row: Cell[], code: string, name: string): string | null {
  if (cleanText(row[COL_LATIN_CODE]) !== code) return null;
  for (let col = COL_LATIN_FIRST; col <= COL_LATIN_LAST; col++) {
    const latin = cleanText(row[col]);
    if (latin) return latin === name ? null : latin;
  }
  return null;
}

function regionUnitOf(row: Cell[]): RegionUnitRef | null {
  const code = cleanText(row[COL_CODE]);
  const level = levelOf(row[COL_LEVEL]);
  // Rows without a level are headings and notes, not codes.
  if (!code || level === null || !/^[A-Z]{2}[0-9A-Z]{0,3}$/.test(code)) return null;
  const name = nationalName(row, level);
  if (!name) return null;
  return { code, country: isoCountry(code.slice(0, 2)), level, name, latinName: latinName(row, code, name) };
}

export function parseNutsWorkbook(data: Buffer): RegionUnitRef[] {
  // Reading only the one sheet keeps the load fast; the workbook has ten.
  const rows = readSheet(data, NUTS_SHEET);
  if (!rows) throw new Error(`${NUTS_FILE}: sheet "${NUTS_SHEET}" not found`);
  const units: RegionUnitRef[] = [];
  for (const row of rows.slice(1)) {
    const unit = regionUnitOf(row);
    if (unit) units.push(unit);
  }
  return units;
}

export function loadNuts(sourcesDir: string): RegionUnitRef[] {
  return parseNutsWorkbook(readSource(sourcesDir, NUTS_FILE));
}
