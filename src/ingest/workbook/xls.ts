/**
 * BIFF8 workbooks (Excel 97–2003 .xls, [MS-XLS]): the Workbook stream of the compound file, read
 * record by record for cell values only (numbers, shared and inline strings, booleans, cached
 * formula results). Older BIFF versions are rejected.
 */
import { readCompoundStream } from './cfb';
import { SheetGrid, type Cell } from './grid';

const BOF = 0x0809;
const EOF = 0x000a;
const CONTINUE = 0x003c;
const SST = 0x00fc;
const BOUNDSHEET = 0x0085;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const BOOLERR = 0x0205;
const FORMULA = 0x0006;
const STRING = 0x0207;

interface BiffRecord {
  type: number;
  data: Uint8Array;
  view: DataView;
  /** Offset of the record header in the stream. */
  at: number;
}

function records(stream: Uint8Array, from: number): Generator<BiffRecord> {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  return (function* () {
    for (let at = from; at + 4 <= stream.length; ) {
      const type = view.getUint16(at, true);
      const size = view.getUint16(at + 2, true);
      const data = stream.subarray(at + 4, at + 4 + size);
      yield { type, data, view: new DataView(data.buffer, data.byteOffset, data.byteLength), at };
      at += 4 + size;
    }
  })();
}

/** Reads across an SST record and its CONTINUE records, where a string's characters may break. */
class ChunkReader {
  private chunk = 0;
  private pos = 0;
  constructor(private readonly chunks: Uint8Array[]) {}

  private ensure(): void {
    while (this.pos >= this.chunks[this.chunk].length && this.chunk + 1 < this.chunks.length) {
      this.chunk++;
      this.pos = 0;
    }
  }
  /** Every byte has been read (asked without moving to the next chunk, whose first byte may be a width flag). */
  done(): boolean {
    return this.chunk + 1 >= this.chunks.length && this.pos >= this.chunks[this.chunk].length;
  }
  u8(): number {
    this.ensure();
    return this.chunks[this.chunk][this.pos++];
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(n: number): void {
    for (let i = 0; i < n && !this.done(); i++) this.u8();
  }
  /** `count` characters, 1 or 2 bytes each; a CONTINUE met midway starts with a new width flag. */
  chars(count: number, wide: boolean): string {
    let out = '';
    for (let i = 0; i < count && !this.done(); i++) {
      if (this.pos >= this.chunks[this.chunk].length && this.chunk + 1 < this.chunks.length) {
        this.chunk++;
        this.pos = 0;
        wide = (this.u8() & 1) === 1;
      }
      out += String.fromCharCode(wide ? this.u16() : this.u8());
    }
    return out;
  }
  /** An XLUnicodeRichExtendedString. */
  string(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
}

function sharedStrings(chunks: Uint8Array[]): string[] {
  const reader = new ChunkReader(chunks);
  reader.u32(); // total references
  const unique = reader.u32();
  const out: string[] = [];
  // The count is the file's word: the strings end where the records do, whatever it says.
  for (let i = 0; i < unique && !reader.done(); i++) out.push(reader.string());
  return out;
}

/** A string inside one record: count (8 or 16 bits), a width flag, the characters. */
function shortString(data: Uint8Array, at: number, countBytes: 1 | 2): string {
  const count = countBytes === 1 ? data[at] : data[at] | (data[at + 1] << 8);
  return new ChunkReader([data.subarray(at + countBytes + 1)]).chars(count, (data[at + countBytes] & 1) === 1);
}

/** An RK number: a 30-bit integer or the high bits of a double, optionally divided by 100. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(4, rk & 0xfffffffc, true);
    value = view.getFloat64(0, true);
  }
  return rk & 1 ? value / 100 : value;
}

function sheetGrid(stream: Uint8Array, from: number, strings: string[]): SheetGrid {
  const grid = new SheetGrid();
  let pendingFormula: { row: number; col: number } | null = null;
  for (const r of records(stream, from)) {
    const { type, data, view } = r;
    if (type === EOF) break;
    if (type === BOF && r.at !== from) break;
    const row = data.length >= 4 ? view.getUint16(0, true) : 0;
    const col = data.length >= 4 ? view.getUint16(2, true) : 0;
    switch (type) {
      // DIMENSIONS, the range the sheet declares, is not read: the cells present make the rows (grid.ts).
      case NUMBER:
        grid.set(row, col, view.getFloat64(6, true));
        break;
      case RK:
        grid.set(row, col, rkValue(view.getUint32(6, true)));
        break;
      case MULRK: {
        const pairs = (data.length - 6) / 6;
        for (let i = 0; i < pairs; i++) grid.set(row, col + i, rkValue(view.getUint32(4 + i * 6 + 2, true)));
        break;
      }
      case LABELSST: {
        const text = strings[view.getUint32(6, true)];
        if (text !== undefined) grid.set(row, col, text);
        break;
      }
      case LABEL:
        grid.set(row, col, shortString(data, 6, 2));
        break;
      case BOOLERR:
        if (data[7] === 0) grid.set(row, col, data[6] === 1);
        break;
      case FORMULA: {
        // The cached result: a double, or a marker (0xFFFF in the top bytes) saying what it is.
        if (view.getUint16(12, true) !== 0xffff) grid.set(row, col, view.getFloat64(6, true));
        else if (data[6] === 0) pendingFormula = { row, col }; // the text follows in a STRING record
        else if (data[6] === 1) grid.set(row, col, data[8] === 1);
        else if (data[6] === 3) grid.set(row, col, '');
        break;
      }
      case STRING:
        if (pendingFormula) grid.set(pendingFormula.row, pendingFormula.col, shortString(data, 0, 2));
        pendingFormula = null;
        break;
    }
  }
  return grid;
}

/** The named sheets as cell grids; names the workbook does not have are left out. */
export function readXls(data: Uint8Array, names: readonly string[]): Map<string, SheetGrid> {
  const stream = readCompoundStream(data, ['Workbook', 'Book']);
  if (!stream) throw new Error('not an Excel workbook (no Workbook stream)');
  const sheets: { name: string; at: number }[] = [];
  const sst: Uint8Array[] = [];
  let inSst = false;
  for (const r of records(stream, 0)) {
    if (r.at === 0) {
      if (r.type !== BOF || r.view.getUint16(0, true) !== 0x0600) throw new Error('only BIFF8 (Excel 97 and later) .xls files are read');
      continue;
    }
    if (r.type === EOF) break;
    if (r.type === SST) {
      sst.push(r.data);
      inSst = true;
    } else if (r.type === CONTINUE && inSst) sst.push(r.data);
    else {
      inSst = false;
      if (r.type === BOUNDSHEET && r.data[5] === 0) sheets.push({ name: shortString(r.data, 6, 1), at: r.view.getUint32(0, true) });
    }
  }
  const strings = sst.length > 0 ? sharedStrings(sst) : [];
  const out = new Map<string, SheetGrid>();
  for (const sheet of sheets) if (names.includes(sheet.name)) out.set(sheet.name, sheetGrid(stream, sheet.at, strings));
  return out;
}
