/**
 * The whole of UN Tourism's releases against the real server on the real release: every block with a
 * 2019 figure in a total row of the "all data" workbooks is served, under the country its M49 code (or
 * the written decision) names, with exactly the figure of the newest release that gives it: the
 * workbook of 24/11/2023 over that of 25/01/2023, and for inbound expenditure the topic workbook of
 * 23/12/2025 over both (read straight off its Data sheet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_DECISIONS } from '../../src/ingest/connectors/code-decisions';
import { CountryResolver } from '../../src/ingest/connectors/country-resolver';
import { readUnwtoSheetRows, UNWTO_FILE, UNWTO_NOVEMBER_2023_FILE, type Cell } from '../../src/ingest/connectors/unwto';
import { readTopicWorkbook, topicFile } from '../../src/ingest/connectors/unwto-topics';
import { SOURCES_DIR } from '../helpers/paths';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const resolver = CountryResolver.fromSources(SOURCES_DIR);
/** Oldest first: a later workbook's figure replaces an earlier one's. */
const WORKBOOKS = [UNWTO_FILE, UNWTO_NOVEMBER_2023_FILE].map((file) => readUnwtoSheetRows(SOURCES_DIR, file));

/** ISO code of a block: the written decision for its code and name, else its M49 code. */
function isoOf(code: string, name: string): string | null {
  const decision = CODE_DECISIONS.find((d) => d.publisher === 'UN Tourism' && d.code === code && d.name === name);
  return decision ? decision.iso : (resolver.byM49(code)?.iso ?? null);
}

/** The 2019 cell of the row labelled `label` by country, the newest workbook's where several give one. */
function figures2019(sheet: string, label: string): Map<string, number> {
  return new Map(WORKBOOKS.flatMap((rowsOf) => [...workbookFigures2019(rowsOf(sheet)!, sheet, label)]));
}

/** The 2019 figures of one indicator, World partner, of a topic workbook, by country. */
function topicFigures2019(topic: string, indicator: string): Map<string, number> {
  const rows = readTopicWorkbook(SOURCES_DIR, topicFile(SOURCES_DIR, topic)!).data!;
  const col = (name: string) => rows[0].indexOf(name);
  const out = new Map<string, number>();
  for (const row of rows.slice(1)) {
    if (row[col('indicator_code')] !== indicator || row[col('year')] !== 2019 || String(row[col('partner_area_code')]) !== '999') continue;
    const iso = isoOf(String(row[col('reporter_area_code')]), String(row[col('reporter_area_label')]));
    if (iso) out.set(iso, Number((row[col('value')] as number).toPrecision(12)));
  }
  return out;
}

/** Block code, name and the 2019 cell of the row labelled `label`, read straight off the sheet. */
function workbookFigures2019(rows: Cell[][], sheet: string, label: string): Map<string, number> {
  const header = rows.findIndex((r) => r[0] === 'C.' && r[1] === 'S.');
  const col2019 = rows[header].findIndex((c) => Number(c) === 2019);
  const out = new Map<string, number>();
  const unplaced: string[] = [];
  let block: { code: string; name: string } | null = null;
  for (const row of rows.slice(header + 1)) {
    const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c).trim());
    if (text(row[1]) === '0' && text(row[3])) block = { code: text(row[0]), name: text(row[3]) };
    else if (block && row.slice(4, 8).some((c) => text(c) === label) && typeof row[col2019] === 'number') {
      const iso = isoOf(block.code, block.name);
      if (iso) out.set(iso, Number((row[col2019] as number).toPrecision(12)));
      else unplaced.push(`${block.code} ${block.name}`);
    }
  }
  expect(unplaced, `${sheet}: blocks with a 2019 figure and no country`).toEqual([]);
  return out;
}

/** Served 2019 values by ISO code from a /v1 measure list (all countries holding the measure). */
async function servedByRest(path: string): Promise<Map<string, number>> {
  const body = await s.json(path, 'developer');
  return new Map(
    body.data.filter((b: any) => b.observations.length).map((b: any) => [b.country, b.observations[0].value]),
  );
}

/** Served 2019 values of one series alias per country, through GraphQL (in queries within the breadth limit). */
async function servedByAlias(aliasOf: (iso: string) => string, isos: string[]): Promise<Map<string, number>> {
  const served = new Map<string, number>();
  for (let start = 0; start < isos.length; start += 50) {
    const chunk = isos.slice(start, start + 50);
    const fields = chunk.map((iso, k) => `s${k}: seriesById(id: "${aliasOf(iso)}") { observations(from: "2019", to: "2019") { value } }`);
    const { status, body } = await s.graphql(`{ ${fields.join(' ')} }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    chunk.forEach((iso, k) => {
      const observations = body.data[`s${k}`]?.observations ?? [];
      if (observations.length) served.set(iso, observations[0].value);
    });
  }
  return served;
}

function expectServed(expected: Map<string, number>, served: Map<string, number>): void {
  const wrong = [...expected].filter(([iso, v]) => served.get(iso) !== v).map(([iso, v]) => `${iso}: ${v} published, ${served.get(iso)} served`);
  expect(wrong).toEqual([]);
}

describe('every 2019 figure of the UN Tourism workbook is served exactly', () => {
  it('inbound arrivals: every country with a 2019 total', async () => {
    const expected = figures2019(' Inbound Tourism-Arrivals', 'Total arrivals');
    expect(expected.size).toBeGreaterThan(120);
    expect(expected.get('RU')).toBe(24419);
    expect(expected.get('VN')).toBe(18009);
    expect(expected.get('JP')).toBe(31882); // 31881 in the workbook of 25/01/2023, revised on 24/11/2023
    expectServed(expected, await servedByRest('/v1/arrivals?freq=A&from=2019&to=2019'));
  });

  it('inbound expenditure: every country with a 2019 total', async () => {
    const expected = new Map([
      ...figures2019('Inbound Tourism-Expenditure', 'Tourism expenditure in the country'),
      ...topicFigures2019('inbound_expenditure', 'INBD_EXPD_BPAY_TOTL_VSTR'),
    ]);
    expect(expected.size).toBeGreaterThan(100);
    expect(expected.get('JP')).toBe(49209); // inbound_expenditure row 6140
    expectServed(expected, await servedByRest('/v1/spend?freq=A&from=2019&to=2019'));
  });

  it('outbound departures: every country with a 2019 total', async () => {
    const expected = figures2019('Outbound Tourism-Departures', 'Total departures');
    expect(expected.size).toBeGreaterThan(50);
    expectServed(expected, await servedByAlias((iso) => `${iso.toLowerCase()}.departures.total.a`, [...expected.keys()]));
  });

  it('outbound expenditure: every country with a 2019 total', async () => {
    const expected = figures2019('Outbound Tourism-Expenditure', 'Tourism expenditure in other countries');
    expect(expected.size).toBeGreaterThan(100);
    expectServed(expected, await servedByAlias((iso) => `${iso.toLowerCase()}.spend.direction-outbound.a`, [...expected.keys()]));
  });
});
