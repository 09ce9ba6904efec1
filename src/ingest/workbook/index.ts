/**
 * Spreadsheet rows for the connectors: the named sheets of an .xlsx or a BIFF8 .xls workbook (the
 * format told by the file's first bytes), each as rows of cell values from the first row of the
 * sheet's used range, over its used columns, empty cells null. Numbers stay raw (dates are Excel
 * serial day numbers), strings as written, formula cells their cached result.
 */
import { isCompoundFile } from './cfb';
import type { Cell } from './grid';
import { readXls } from './xls';
import { readXlsx } from './xlsx';

export type { Cell } from './grid';
export type SheetRows = Cell[][];

export function readSheets(data: Uint8Array, names: readonly string[]): Map<string, SheetRows> {
  const isZip = data[0] === 0x50 && data[1] === 0x4b; // "PK"
  if (!isZip && !isCompoundFile(data)) throw new Error('not a spreadsheet (neither an xlsx zip nor a compound .xls file)');
  const grids = isZip ? readXlsx(data, names) : readXls(data, names);
  return new Map([...grids].map(([name, grid]) => [name, grid.toRows()]));
}

/** One sheet's rows, or undefined when the workbook has no sheet of that name. */
export function readSheet(data: Uint8Array, name: string): SheetRows | undefined {
  return readSheets(data, [name]).get(name);
}
