/**
 * Office Open XML workbooks (.xlsx): the zip is opened with fflate and the sheet XML read with the
 * saxen SAX parser, keeping only cell values (no styles, formulas or formats).
 */
import { strFromU8 } from 'fflate';
import { decode, Parser } from 'saxen';
import { SheetGrid, type Cell } from './grid';
import { readZip } from './zip';
import { LimitExceeded, MAX_STRING_CHARS } from '../limits';

/** Element name without its namespace prefix (some writers use `x:c`). */
function local(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Excel's escape for characters XML cannot hold, e.g. `_x000D_`. */
function unescapeExcel(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

interface XmlHandlers {
  open?: (name: string, attrs: () => Record<string, string>, selfClosing: boolean) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

function parseXml(xml: string, what: string, h: XmlHandlers): void {
  const parser = new Parser();
  if (h.open) {
    const open = h.open;
    parser.on('openTag', (name, attrs, _decode, selfClosing) => open(local(name), attrs, selfClosing));
  }
  if (h.close) {
    const close = h.close;
    parser.on('closeTag', (name) => close(local(name)));
  }
  if (h.text) {
    const text = h.text;
    parser.on('text', (t, dec) => text(dec(t)));
    parser.on('cdata', (t) => text(t));
  }
  parser.on('error', (err) => {
    throw new Error(`${what}: ${err.message}`);
  });
  parser.parse(xml);
}

/** A1-style reference → zero-based row and column. */
export function cellAddress(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

/** The text of every <si> (runs joined, phonetic hints left out). */
function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  parseXml(xml, 'sharedStrings.xml', {
    open: (name, _attrs, selfClosing) => {
      if (name === 'si') current = '';
      else if (name === 't' && !selfClosing) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close: (name) => {
      if (name === 'si') out.push(unescapeExcel(current));
      else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    text: (t) => {
      if (inText && phonetic === 0) {
        current += t;
        if (current.length > MAX_STRING_CHARS) throw new LimitExceeded(`sharedStrings.xml: string ${out.length + 1} is over the bound of ${MAX_STRING_CHARS} characters`);
      }
    },
  });
  return out;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function cellValue(type: string, raw: string, strings: string[]): Cell {
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? null;
    case 'str':
    case 'inlineStr':
      return unescapeExcel(raw);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return null; // #N/A, #DIV/0! …: no value
    case 'd': {
      // An ISO date cell, as the serial day number other cells carry.
      const ms = Date.parse(raw);
      return Number.isNaN(ms) ? raw : (ms - EXCEL_EPOCH_MS) / 86_400_000;
    }
    default:
      return raw === '' ? null : Number(raw);
  }
}

function worksheetGrid(xml: string, strings: string[], what: string): SheetGrid {
  const grid = new SheetGrid();
  let row = -1;
  let col = -1;
  let type = 'n';
  let text = '';
  let inValue = false; // inside <v>, or <t> of an inline string
  let inInline = false;
  let hasValue = false;
  parseXml(xml, what, {
    open: (name, attrs, selfClosing) => {
      switch (name) {
        case 'row': {
          const r = attrs().r;
          row = r ? Number(r) - 1 : row + 1;
          col = -1;
          break;
        }
        case 'c': {
          const a = attrs();
          const at = a.r ? cellAddress(a.r) : null;
          if (at) {
            row = at.row;
            col = at.col;
          } else col++;
          type = a.t ?? 'n';
          text = '';
          hasValue = false;
          break;
        }
        case 'v':
          if (!selfClosing) inValue = hasValue = true;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          if (inInline && !selfClosing) inValue = hasValue = true;
          break;
      }
    },
    close: (name) => {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'c' && hasValue) {
        const value = cellValue(type, text, strings);
        if (value !== null) grid.set(row, col, value);
      }
    },
    text: (t) => {
      if (!inValue) return;
      text += t;
      if (text.length > MAX_STRING_CHARS) throw new LimitExceeded(`${what}: a cell's text is over the bound of ${MAX_STRING_CHARS} characters`);
    },
  });
  return grid;
}

interface SheetEntry {
  name: string;
  path: string;
}

/** The workbook's sheets in order, with the zip path of each. */
function sheetEntries(files: Record<string, Uint8Array>): SheetEntry[] {
  const rels = new Map<string, string>();
  parseXml(strFromU8(files['xl/_rels/workbook.xml.rels']), 'workbook.xml.rels', {
    open: (name, attrs) => {
      if (name === 'Relationship') {
        const a = attrs();
        rels.set(a.Id, a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`);
      }
    },
  });
  const sheets: SheetEntry[] = [];
  parseXml(strFromU8(files['xl/workbook.xml']), 'workbook.xml', {
    open: (name, attrs) => {
      if (name !== 'sheet') return;
      const a = attrs();
      const id = a['r:id'] ?? Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1];
      const target = id ? rels.get(id) : undefined;
      if (target) sheets.push({ name: decode(a.name ?? ''), path: target });
    },
  });
  return sheets;
}

/**
 * A sheet's XML cut after its first `rows` rows as written (the opening tags closed again), so that
 * checking a header parses a few rows of a sheet of tens of thousands. Blank rows are not written,
 * so what is retained holds at least the sheet's rows 1 to `rows`.
 */
function leadingRows(xml: string, rows: number): string {
  let end = -1;
  for (let n = 0; n < rows; n++) {
    const next = xml.indexOf('</row>', end + 1);
    if (next < 0) return xml;
    end = next;
  }
  return `${xml.slice(0, end + '</row>'.length)}</sheetData></worksheet>`;
}

/** The named sheets as cell grids; names the workbook does not have are left out. With `rows`, each sheet's first rows only. */
export function readXlsx(data: Uint8Array, names: readonly string[], options: { rows?: number } = {}): Map<string, SheetGrid> {
  const index = Object.fromEntries(readZip(data, (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels' || name === 'xl/sharedStrings.xml'));
  if (!index['xl/workbook.xml'] || !index['xl/_rels/workbook.xml.rels']) throw new Error('not an xlsx workbook (no xl/workbook.xml)');
  const wanted = sheetEntries(index).filter((s) => names.includes(s.name));
  const paths = new Set(wanted.map((s) => s.path));
  const sheetFiles = Object.fromEntries(readZip(data, (name) => paths.has(name)));
  const strings = index['xl/sharedStrings.xml'] ? sharedStrings(strFromU8(index['xl/sharedStrings.xml'])) : [];
  const out = new Map<string, SheetGrid>();
  for (const sheet of wanted) {
    const file = sheetFiles[sheet.path];
    if (file) out.set(sheet.name, worksheetGrid(options.rows ? leadingRows(strFromU8(file), options.rows) : strFromU8(file), strings, sheet.path));
  }
  return out;
}

/** The workbook's sheet names in order (only its index is unpacked). */
export function xlsxSheetNames(data: Uint8Array): string[] {
  const index = Object.fromEntries(readZip(data, (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels'));
  if (!index['xl/workbook.xml'] || !index['xl/_rels/workbook.xml.rels']) throw new Error('not an xlsx workbook (no xl/workbook.xml)');
  return sheetEntries(index).map((s) => s.name);
}
