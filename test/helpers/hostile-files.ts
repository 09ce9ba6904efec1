/**
 * Hostile publisher files, generated small: a sheet declaring or holding the whole sheet (xlsx and
 * BIFF .xls), a gzip of one line of 250 million tabs, an xlsx whose sheet declares 1 MB and inflates
 * to 8 GiB. Used by test/ingest/hostile-files.test.ts and test/helpers/hostile-measure.ts.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { DATA_COLUMNS, DATA_SHEET, OVERVIEW_SHEET } from '../../src/ingest/connectors/unwto-topics';


const xml = (s: string) => new TextEncoder().encode(s);
const WORKBOOK_RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/></Relationships>';
const workbookXml = (names: string[]) =>
  '<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
  names.map((n, i) => `<sheet name="${n}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
  '</sheets></workbook>';
const sheetXml = (inner: string, dimension = '') => `<?xml version="1.0"?><worksheet>${dimension}<sheetData>${inner}</sheetData></worksheet>`;
const headerRow = `<row r="1">${DATA_COLUMNS.map((c, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

/** A UN Tourism topic workbook whose Data sheet has `rows` after the header read (none when `header` is false), `dimension` declared. */
export function topicWorkbook(rows: string, dimension = '', header = true): Buffer {
  return Buffer.from(
    zipSync({
      'xl/workbook.xml': xml(workbookXml([OVERVIEW_SHEET, DATA_SHEET])),
      'xl/_rels/workbook.xml.rels': xml(WORKBOOK_RELS),
      'xl/worksheets/sheet1.xml': xml(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Overview</t></is></c></row>')),
      'xl/worksheets/sheet2.xml': xml(sheetXml(`${header ? headerRow : ''}${rows}`, dimension)),
    }),
  );
}

/**
 * A raw deflate stream of `copies` × `block` (the block compressed once, flushed whole so that its
 * bytes stand alone, and repeated), ended by an empty final block: gigabytes from megabytes, at once.
 */
function repeatedDeflate(block: Buffer, copies: number): Buffer {
  const packed = deflateRawSync(block, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: copies }, () => packed), Buffer.from([0x03, 0x00])]);
}

/** A zip of entries given as they are to be stored (method, packed bytes, declared size and CRC): a writer that lies. */
function zipOf(entries: { name: string; method: 0 | 8; packed: Buffer; declared: number; crc: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.packed.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.packed);
    centrals.push(central, name);
    offset += 30 + name.length + e.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string) => {
  const data = Buffer.from(text);
  return { name, method: 0 as const, packed: data, declared: data.length, crc: crc32(data) };
};

/** An xlsx of about 8 MB whose Data sheet declares 1 MB and inflates to 8 GiB of zeros. */
export function bombWorkbook(): Buffer {
  return zipOf([
    stored('xl/workbook.xml', workbookXml([OVERVIEW_SHEET, DATA_SHEET])),
    stored('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    stored('xl/worksheets/sheet1.xml', sheetXml('')),
    { name: 'xl/worksheets/sheet2.xml', method: 8, packed: repeatedDeflate(Buffer.alloc(1024 * 1024), 8192), declared: 1024 * 1024, crc: 0 },
  ]);
}

/** A gzip of about 250 kB that unpacks to one line of 250,000,000 tabs (its checksum and length right). */
export function tabLineGzip(): Buffer {
  const block = Buffer.alloc(1_000_000, '\t');
  const copies = 250;
  let crc = 0;
  for (let i = 0; i < copies; i++) crc = crc32(block, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((block.length * copies) % 2 ** 32, 4);
  return Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), repeatedDeflate(block, copies), trailer]);
}

/** A BIFF8 record. */
function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

/**
 * An .xls (compound file, BIFF8) whose sheet `sheet` declares, by its DIMENSIONS record, 1,048,576
 * rows of 256 columns, and holds a number at A1 and at IV65536 (BIFF8's last cell).
 */
export function hostileXls(sheet: string): Buffer {
  const bof = (kind: number) => {
    const d = Buffer.alloc(16);
    d.writeUInt16LE(0x0600, 0);
    d.writeUInt16LE(kind, 2);
    return record(0x0809, d);
  };
  const number = (row: number, col: number, value: number) => {
    const d = Buffer.alloc(14);
    d.writeUInt16LE(row, 0);
    d.writeUInt16LE(col, 2);
    d.writeDoubleLE(value, 6);
    return record(0x0203, d);
  };
  const name = Buffer.from(sheet, 'latin1');
  const boundSheet = (at: number) => {
    const d = Buffer.alloc(8 + name.length);
    d.writeUInt32LE(at, 0);
    d[4] = 0; // visible
    d[5] = 0; // worksheet
    d[6] = name.length;
    d[7] = 0; // 8-bit characters
    name.copy(d, 8);
    return record(0x0085, d);
  };
  const globalsLength = bof(5).length + boundSheet(0).length + 4;
  const globals = Buffer.concat([bof(5), boundSheet(globalsLength), record(0x000a, Buffer.alloc(0))]);
  const dimensions = Buffer.alloc(14);
  dimensions.writeUInt32LE(0, 0);
  // The row numbers are 32 bits wide: 1,048,576 rows declared (a sheet has at most 65,536 in BIFF8).
  dimensions.writeUInt32LE(1_048_576, 4);
  dimensions.writeUInt16LE(0, 8);
  dimensions.writeUInt16LE(256, 10);
  const sheetStream = Buffer.concat([bof(0x10), record(0x0200, dimensions), number(0, 0, 1), number(65535, 255, 2), record(0x000a, Buffer.alloc(0))]);
  let workbook = Buffer.concat([globals, sheetStream]);
  // At least the mini-stream cutoff, so the stream lies in regular sectors.
  workbook = Buffer.concat([workbook, Buffer.alloc(Math.max(0, 4096 - workbook.length))]);
  const SECTOR = 512;
  const streamSectors = Math.ceil(workbook.length / SECTOR);
  const header = Buffer.alloc(SECTOR);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(0xfffffffe, 4);
  for (let i = 0; i < streamSectors; i++) fat.writeUInt32LE(i === streamSectors - 1 ? 0xfffffffe : 3 + i, (2 + i) * 4);
  const directory = Buffer.alloc(SECTOR);
  const entry = (at: number, entryName: string, type: number, child: number, start: number, size: number) => {
    directory.write(entryName, at, 'utf16le');
    directory.writeUInt16LE((entryName.length + 1) * 2, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1;
    directory.writeUInt32LE(0xffffffff, at + 0x44);
    directory.writeUInt32LE(0xffffffff, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, 1, 0xfffffffe, 0);
  entry(128, 'Workbook', 2, 0xffffffff, 2, workbook.length);
  const body = Buffer.concat([workbook, Buffer.alloc(streamSectors * SECTOR - workbook.length)]);
  return Buffer.concat([header, fat, directory, body]);
}

