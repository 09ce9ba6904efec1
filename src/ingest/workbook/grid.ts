/**
 * The cells of one sheet as they are read, then laid out as rows over the cells present. The range
 * a sheet declares (an xlsx <dimension>, a BIFF DIMENSIONS record) is not trusted: a file may declare
 * the whole sheet, 17 billion cells, to hold a few. The span of the cells present is bounded too, as
 * is the number of cells and the length of a text, so a hostile sheet is rejected before it is laid out.
 */
import { LimitExceeded, MAX_SHEET_CELLS, MAX_STRING_CHARS } from '../limits';
import { columnLetters } from './columns';

export type Cell = string | number | boolean | null;

export class SheetGrid {
  private readonly rows: Cell[][] = [];
  private top = Infinity;
  private left = Infinity;
  private bottom = -1;
  private right = -1;
  private count = 0;

  constructor(private readonly maxCells = MAX_SHEET_CELLS) {}

  /** The cell at a 0-based row and column of the sheet (A1 is 0, 0), null when empty. */
  cell(row: number, col: number): Cell {
    return this.rows[row]?.[col] ?? null;
  }

  set(row: number, col: number, value: Cell): void {
    if (row < 0 || col < 0) return;
    if (typeof value === 'string' && value.length > MAX_STRING_CHARS) {
      throw new LimitExceeded(`cell ${columnLetters(col)}${row + 1} holds ${value.length} characters, over the bound of ${MAX_STRING_CHARS}`);
    }
    const cells = (this.rows[row] ??= []);
    if (cells[col] === undefined && ++this.count > this.maxCells) throw new LimitExceeded(`the sheet holds more than ${this.maxCells} cells`);
    cells[col] = value;
    this.top = Math.min(this.top, row);
    this.left = Math.min(this.left, col);
    this.bottom = Math.max(this.bottom, row);
    this.right = Math.max(this.right, col);
    const span = (this.bottom - this.top + 1) * (this.right - this.left + 1);
    if (span > this.maxCells) {
      throw new LimitExceeded(
        `the sheet's cells span ${columnLetters(this.left)}${this.top + 1}:${columnLetters(this.right)}${this.bottom + 1}, more than ${this.maxCells} cells`,
      );
    }
  }

  /**
   * Rows from the first to the last row holding a cell, each an array from the first to the last
   * column holding one (the first at index 0), empty cells null; blank rows between are retained, so a
   * row's index is its distance from the first row.
   */
  toRows(): Cell[][] {
    const out: Cell[][] = [];
    for (let r = this.top; r <= this.bottom; r++) {
      const cells = this.rows[r];
      const row: Cell[] = new Array(this.right - this.left + 1);
      for (let c = this.left; c <= this.right; c++) row[c - this.left] = cells?.[c] ?? null;
      out.push(row);
    }
    return out;
  }
}
