/** The spreadsheet reader behind the connectors: a hand-made .xlsx, and the publishers' real files. */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSheet, readSheets } from '../../src/ingest/workbook';
import { excelSerialToIsoDate } from '../../src/ingest/connectors/eia';
import { SOURCES_DIR } from '../helpers/paths';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function workbook(): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook ${NS}><sheets><sheet name="A &amp; B" sheetId="1" r:id="rId1"/><sheet name="Prefixed" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
    ),
    'xl/sharedStrings.xml': strToU8(
      `<sst ${NS} count="3" uniqueCount="3"><si><t>plain</t></si>` +
        '<si><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh sb="0" eb="1"><t>hint</t></rPh></si>' +
        '<si><t xml:space="preserve"> spaced_x000D_</t></si></sst>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet ${NS}><dimension ref="A1:D4"/><sheetData>` +
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" s="2"><v>1.5</v></c></row>' +
        '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="b"><v>1</v></c><c r="C3" t="e"><v>#N/A</v></c>' +
        '<c r="D3" t="inlineStr"><is><t>inline &lt;x&gt;</t></is></c></row>' +
        '<row r="4"><c t="s"><v>2</v></c><c><v>-2E-3</v></c><c r="D4" t="str"><f>A1</f><v>formula</v></c></row>' +
        '</sheetData></worksheet>',
    ),
    'xl/worksheets/sheet2.xml': strToU8(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row r="2"><x:c r="B2"><x:v>7</x:v></x:c><x:c r="C2" s="1"/></x:row></x:sheetData></x:worksheet>',
    ),
  });
}

describe('xlsx', () => {
  it('rows over the used range, empty cells null, values typed as stored', () => {
    expect(readSheet(workbook(), 'A & B')).toEqual([
      ['plain', null, 1.5, null],
      [null, null, null, null],
      ['rich text', true, null, 'inline <x>'],
      [' spaced\r', -0.002, null, 'formula'],
    ]);
  });

  it('namespace prefixes and a missing dimension: the range is where the cells are', () => {
    expect(readSheet(workbook(), 'Prefixed')).toEqual([[7]]);
  });

  it('only the sheets asked for; a name the workbook lacks is absent', () => {
    const sheets = readSheets(workbook(), ['Prefixed', 'Nope']);
    expect([...sheets.keys()]).toEqual(['Prefixed']);
    expect(readSheet(workbook(), 'Nope')).toBeUndefined();
  });

  it('other bytes are refused', () => {
    expect(() => readSheets(new TextEncoder().encode('not a workbook'), ['x'])).toThrow(/not a spreadsheet/);
  });

  it('NUTS 2021: the classification sheet', () => {
    const rows = readSheet(fs.readFileSync(path.join(SOURCES_DIR, 'nuts/NUTS2021.xlsx')), 'NUTS & SR 2021')!;
    // The sheet declares 2788 rows; its cells stop at row 2125, and the rows are the cells present.
    expect(rows.length).toBe(2125);
    expect(rows.find((r) => r[0] === 'ES51')?.slice(0, 6)).toEqual(['ES51', null, null, 'Cataluña', null, 2]);
  });
});

describe('xls (BIFF8)', () => {
  const eia = () => fs.readFileSync(path.join(SOURCES_DIR, 'eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls'));

  it('EIA weekly jet fuel: headings as text, dates as serial days, prices as numbers', () => {
    const rows = readSheet(eia(), 'Data 1')!;
    expect(rows[0][0]).toBe('Back to Contents');
    expect(rows[1]).toEqual(['Sourcekey', 'EER_EPJK_PF4_RGC_DPG']);
    expect(rows[2][0]).toBe('Date');
    const data = rows.slice(3).filter(([date]) => date !== null);
    expect(rows.slice(3 + data.length).flat().every((c) => c === null)).toBe(true); // blank rows at the end of the range
    expect(data).toHaveLength(1860);
    expect(excelSerialToIsoDate(data[0][0] as number)).toBe('1990-04-06');
    expect(excelSerialToIsoDate(data.at(-1)![0] as number)).toBe('2025-11-21');
    expect(data.every(([, price]) => typeof price === 'number' && price > 0 && price < 10)).toBe(true);
  });

  it('both sheets by name, shared strings included', () => {
    const sheets = readSheets(eia(), ['Contents', 'Data 1']);
    expect([...sheets.keys()].sort()).toEqual(['Contents', 'Data 1']);
    expect(sheets.get('Contents')!.flat().filter((c) => typeof c === 'string').length).toBeGreaterThan(3);
  });
});
