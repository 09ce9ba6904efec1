/**
 * The real ingest on a copy of ../shared/data with one file damaged: a damaged file of each kind is
 * refused before parsing, with its name, line and what was expected, from buildRelease and from the
 * CLI (non-zero exit); series vanished from the files stop the release unless allowed; in every
 * refusal the served release (CURRENT) stays as it was.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { currentReleaseFile, releasesDir } from '../../src/db/release-store';
import { buildRelease, IngestError } from '../../src/ingest/build';
import { buildIsolated, DEFAULT_PARSE_LIMITS } from '../../src/ingest/isolated';
import { readPreviousRelease, tableDrops } from '../../src/ingest/previous-release';
import { PROJECT_ROOT, SOURCES_DIR } from '../helpers/paths';
import { copiedDataDir } from '../helpers/releases';
import { editXlsxEntry } from '../helpers/xlsx-edit';
import { FULL_TABLE_HEADER, singstatApiJson, statcanFullTableCsv } from '../helpers/fetched-formats';

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// One copy of the publishers' files; each test damages one file and the next restores it.
const sources = tempDir('tourism-sources-');
fs.cpSync(SOURCES_DIR, sources, { recursive: true, dereference: true });
const damaged = new Set<string>();
function damage(file: string, change: (data: Buffer) => Buffer): void {
  damaged.add(file);
  fs.writeFileSync(path.join(sources, file), change(fs.readFileSync(path.join(SOURCES_DIR, file))));
}
afterEach(() => {
  for (const f of damaged) fs.copyFileSync(path.join(SOURCES_DIR, f), path.join(sources, f));
  damaged.clear();
});

/** The served release's pointer and every release file, to show a refusal changed nothing. */
function servedState(dataDir: string) {
  return { current: fs.readFileSync(path.join(dataDir, 'CURRENT'), 'utf8'), files: fs.readdirSync(releasesDir(dataDir)).sort() };
}

async function refusal(dataDir: string, options: { allowVanished?: boolean } = {}): Promise<IngestError> {
  try {
    await buildRelease({ sourcesDir: sources, dataDir, parseCacheDir: inject('parseCacheDir'), now: new Date('2026-04-05T06:00:00Z'), ...options });
  } catch (err) {
    if (err instanceof IngestError) return err;
    throw err;
  }
  throw new Error('the ingest was not refused');
}

const TOPIC_WORKBOOK = 'unwto/2025-12/UN_Tourism_inbound_expenditure_12_2025.xlsx';

/** A whole .xlsx of the given sheets, every cell an inline string. */
function minimalWorkbook(sheets: Record<string, string[][]>): Buffer {
  const names = Object.keys(sheets);
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const files: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(
      `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names
        .map((n, i) => `<sheet name="${esc(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships>${names.map((_, i) => `<Relationship Id="rId${i + 1}" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    ),
  };
  names.forEach((n, i) => {
    const rows = sheets[n].map((cells, r) => `<row r="${r + 1}">${cells.map((c) => `<c t="inlineStr"><is><t>${esc(c)}</t></is></c>`).join('')}</row>`);
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`);
  });
  return Buffer.from(zipSync(files));
}

const TSV = 'eurostat/estat_tour_occ_nim.tsv';
const TSV_CUT_LINE = 1001;
/** The TSV cut in the middle of line 1001, and the cells left on that line. */
function cutTsv(data: Buffer): { data: Buffer; cellsLeft: number } {
  const lines = data.toString('utf8').split('\n');
  const partial = lines[TSV_CUT_LINE - 1].slice(0, 60);
  return { data: Buffer.from([...lines.slice(0, TSV_CUT_LINE - 1), partial].join('\n')), cellsLeft: partial.split('\t').length };
}

describe('a damaged source file is refused before parsing', () => {
  const dataDir = copiedDataDir(tempDir('tourism-refused-'));
  const before = servedState(dataDir);
  afterEach(() => expect(servedState(dataDir)).toEqual(before));

  it('a truncated Eurostat TSV: the line cut short and its cell count', async () => {
    let cellsLeft = 0;
    damage(TSV, (d) => {
      const cut = cutTsv(d);
      cellsLeft = cut.cellsLeft;
      return cut.data;
    });
    expect((await refusal(dataDir)).message).toBe(
      `damaged source files, no release built: ${TSV} line ${TSV_CUT_LINE}: 435 cells expected, ${cellsLeft} found (file truncated?)`,
    );
  });

  it('a truncated UN Tourism workbook (.xlsx): no end of the zip directory', async () => {
    damage('unwto/unwto-all-data-download_032023.xlsx', (d) => d.subarray(0, d.length >> 1));
    expect((await refusal(dataDir)).message).toBe(
      'damaged source files, no release built: unwto/unwto-all-data-download_032023.xlsx: ' +
        'not a complete zip archive: no end-of-central-directory record (file truncated?)',
    );
  });

  it('a truncated UN Tourism topic workbook of 23/12/2025', async () => {
    damage(TOPIC_WORKBOOK, (d) => d.subarray(0, d.length >> 1));
    expect((await refusal(dataDir)).message).toBe(
      `damaged source files, no release built: ${TOPIC_WORKBOOK}: not a complete zip archive: no end-of-central-directory record (file truncated?)`,
    );
  });

  it('a topic workbook whose Data sheet renames a column: the header cell named', async () => {
    damage(TOPIC_WORKBOOK, () => minimalWorkbook({ Overview: [['Overview']], Data: [['indicator_code', 'indicator_label', 'indicator_previous_code', 'reporter_code']] }));
    expect((await refusal(dataDir)).message).toBe(
      `damaged source files, no release built: ${TOPIC_WORKBOOK} cell Data!D1: header cell expected "reporter_area_code", found other text: ` +
        "not the publisher's layout the connector reads",
    );
  });

  it('a Stats NZ release workbook whose Table 1 is retitled: the cell named', async () => {
    const workbook = 'statsnz/international-visitor-arrivals-to-new-zealand-may-2024.xlsx';
    // The title is a shared string (xl/sharedStrings.xml), which the Contents sheet shares too.
    damage(workbook, (d) => editXlsxEntry(d, 'xl/sharedStrings.xml', (xml) => xml.replace('>Monthly visitor arrivals<', '>Monthly visitor departures<')));
    expect((await refusal(dataDir)).message).toBe(
      `damaged source files, no release built: ${workbook} cell Tables 1&2!A3: cell expected "Monthly visitor arrivals", found other text: ` +
        "not the publisher's layout the connector reads",
    );
  });

  it('a workbook (.xlsx) damaged inside: the entry that does not inflate', async () => {
    damage('nuts/NUTS2021.xlsx', (d) => {
      const copy = Buffer.from(d);
      for (let i = 200_000; i < 200_200; i++) copy[i] ^= 0x5a;
      return copy;
    });
    expect((await refusal(dataDir)).message).toMatch(
      /^damaged source files, no release built: nuts\/NUTS2021\.xlsx: zip entry \S+ is damaged/,
    );
  });

  it('a truncated EIA workbook (old .xls): the sectors missing', async () => {
    damage('eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls', (d) => d.subarray(0, d.length >> 1));
    expect((await refusal(dataDir)).message).toBe(
      'damaged source files, no release built: eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls: not a complete .xls compound file: ' +
        'sector 255 of the FAT lies past the end of the file (128 sectors present; file truncated?)',
    );
  });

  it('a truncated JNTO CSV, whose publisher writes no final newline: the last line short of cells', async () => {
    damage('jnto/JTM_inbound20170421eng.csv', (d) => d.subarray(0, d.length - 10));
    expect((await refusal(dataDir)).message).toBe(
      'damaged source files, no release built: jnto/JTM_inbound20170421eng.csv line 293: 92 cells expected, 82 found (file truncated?)',
    );
  });

  it('a CSV whose header is not the publisher\'s, and a missing file, both named in one refusal', async () => {
    damage('ecb/eurofxref-hist.csv', (d) => Buffer.from(d.toString('utf8').replace(/^Date,USD/, 'Datum,USD')));
    fs.renameSync(path.join(sources, 'eia_oil/wti-monthly.csv'), path.join(sources, 'eia_oil/wti-monthly.csv.old'));
    try {
      expect((await refusal(dataDir)).problems).toEqual([
        'ecb/eurofxref-hist.csv cell A1: header cell expected "Date", found other text: not the publisher\'s layout the connector reads',
        'eia_oil/wti-monthly.csv: file missing',
      ]);
    } finally {
      fs.renameSync(path.join(sources, 'eia_oil/wti-monthly.csv.old'), path.join(sources, 'eia_oil/wti-monthly.csv'));
    }
  });

  it('fetched StatCan and SingStat files in another layout: the header cell and the JSON key named', async () => {
    const fetched = { statcan: path.join(sources, 'statcan/24100050.csv'), singstat: path.join(sources, 'singstat/M550001.json') };
    const answer = JSON.parse(singstatApiJson({ keep: (t) => t.startsWith('Total') }));
    answer.Data.rows = answer.Data.row;
    delete answer.Data.row;
    fs.writeFileSync(fetched.statcan, statcanFullTableCsv({ header: FULL_TABLE_HEADER.map((h) => (h === 'VALUE' ? 'OBS_VALUE' : h)) }));
    fs.writeFileSync(fetched.singstat, JSON.stringify(answer));
    try {
      expect((await refusal(dataDir)).problems).toEqual([
        'statcan/24100050.csv cell K1: header cell expected "VALUE" (the header ends UOM,UOM_ID,SCALAR_FACTOR,SCALAR_ID,VECTOR,COORDINATE,VALUE,STATUS,SYMBOL,TERMINATED,DECIMALS), found other text: not the publisher\'s layout the connector reads',
        'singstat/M550001.json key Data.row: expected an array, found nothing: not the publisher\'s layout the connector reads',
      ]);
    } finally {
      fs.rmSync(fetched.statcan);
      fs.rmSync(fetched.singstat);
    }
  });

  it('the CLI prints the refusal and exits non-zero', () => {
    damage(TSV, (d) => cutTsv(d).data);
    const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'dist/cli.js'), 'ingest', '--sources', sources], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(new RegExp(`^Error: damaged source files, no release built: ${TSV} line ${TSV_CUT_LINE}: 435 cells expected, \\d+ found \\(file truncated\\?\\)$`, 'm'));
    expect(run.stderr).not.toMatch(/ at .*\.js:\d+/); // no stack trace
  });
});

describe('series vanished from the files', () => {
  // Both builds parse every file: the compiled ingest in a process of its own, as `npm run ingest` runs it.
  it('stop the release, named and counted, unless allowed; the allowed release then prunes old files', async () => {
    const dataDir = copiedDataDir(tempDir('tourism-vanished-'));
    const served = currentReleaseFile(dataDir)!;
    // Malta's rows leave the monthly nights table.
    damage(TSV, (d) => Buffer.from(d.toString('utf8').split('\n').filter((l) => !/^[^\t]*,MT\t/.test(l)).join('\n')));
    const db = new Database(served, { readonly: true });
    const malta = db.prepare("SELECT alias FROM Series WHERE tableCode = 'tour_occ_nim' AND countryIso = 'MT' ORDER BY alias").pluck().all() as string[];
    db.close();
    expect(malta.length).toBeGreaterThan(0);

    const before = servedState(dataDir);
    const build = async (options: { allowVanished?: boolean; keepReleases?: number; log?: (line: string) => void } = {}) =>
      (await buildIsolated({ sourcesDir: sources, dataDir, parseCacheDir: inject('parseCacheDir'), now: new Date('2026-04-05T06:00:00Z'), ...options }, DEFAULT_PARSE_LIMITS)).value;
    await expect(build()).rejects.toThrow(
      'figures missing from the files, no release built (ingest --allow-vanished accepts the loss): ' +
        `${malta.length} series held by release 20260315T060000Z vanished from the files (${malta.slice(0, 5).join(', ')}${malta.length > 5 ? ', …' : ''})`,
    );
    expect(servedState(dataDir)).toEqual(before);

    // Allowed: the release is built without them, and of the older files only the newest are kept.
    for (const old of ['20250101T000000Z.db', '20250201T000000Z.db']) fs.writeFileSync(path.join(releasesDir(dataDir), old), '');
    const log: string[] = [];
    const summary = await build({ allowVanished: true, keepReleases: 2, log: (l) => log.push(l) });
    expect(summary.written).toBe(true);
    expect(summary.vanished).toEqual(malta);
    expect(currentReleaseFile(dataDir)).toBe(summary.file);
    expect(path.basename(summary.file)).toBe('20260405T060000Z.db');
    expect(summary.pruned).toEqual(['20250201T000000Z.db', '20250101T000000Z.db']);
    // The served release here was copied without its bulk files; the new one has its folder beside it.
    expect(fs.readdirSync(releasesDir(dataDir)).sort()).toEqual([path.basename(served), '20260405T060000Z', '20260405T060000Z.db']);
    expect(log).toEqual(expect.arrayContaining([expect.stringMatching(/^  accepted \(--allow-vanished\): \d+ series held by release/)]));
    expect(log).toEqual(expect.arrayContaining([expect.stringMatching(/^Release 20260405T060000Z served: .* \d+ series vanished;/)]));
  }, 300_000); // two whole ingests (three UN Tourism releases among the files), on a machine maybe busy
});

describe('a table that shrinks sharply', () => {
  it('is named with its file and both counts', () => {
    const previous = readPreviousRelease(currentReleaseFile(inject('dataDir'))!);
    const nim = previous.tables.get('tour_occ_nim')!;
    const now = { series: previous.series, tables: new Map(previous.tables) };
    now.tables.set('tour_occ_nim', { ...nim, rows: Math.floor(nim.rows / 2) });
    expect(tableDrops(previous, { series: previous.series, tables: previous.tables })).toEqual([]);
    expect(tableDrops(previous, now)).toEqual([
      `eurostat/estat_tour_occ_nim.tsv (table tour_occ_nim): ${nim.series} series and ${Math.floor(nim.rows / 2)} figures, ` +
        `release 20260315T060000Z held ${nim.series} and ${nim.rows} (a drop of more than 10%; file cut or changed?)`,
    ]);
  });
});
