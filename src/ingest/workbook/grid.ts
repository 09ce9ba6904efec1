/** The cells of one sheet as they are read, then laid out as rows over the sheet's used range. */
export type Cell = string | number | boolean | null;

export class SheetGrid {
  private readonly rows: Cell[][] = [];
  private top = Infinity;
  private left = Infinity;
  private bottom = -1;
  private right = -1;

  /** The used range the file declares (cells outside it still count). */
  declare(top: number, left: number, bottom: number, right: number): void {
    this.top = Math.min(this.top, top);
    this.left = Math.min(this.left, left);
    this.bottom = Math.max(this.bottom, bottom);
    this.right = Math.max(this.right, right);
  }

  /** The cell at a 0-based row and column of the sheet (A1 is 0, 0), null when empty. */
  cell(row: number, col: number): Cell {
    return this.rows[row]?.[col] ?? null;
  }

  set(row: number, col: number, value: Cell): void {
    if (row < 0 || col < 0) return;
    (this.rows[row] ??= [])[col] = value;
    this.declare(row, col, row, col);
  }

  /**
   * Rows from the first to the last row of the used range, each an array over its columns (the
   * first used column at index 0), empty cells null; blank rows inside the range are kept, so a row's
   * index is its distance from the range's first row.
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
