import { describe, expect, it } from 'vitest';
import { SOURCES_DIR } from '../../helpers/paths';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';
import {
  type Cell,
  findLayout,
  loadUnwto,
  parseFootnotes,
  parseNoteRefs,
  parseUnwtoSheets,
  readValueCell,
  unitInfo,
} from '../../../src/ingest/connectors/unwto';
import type { ParsedSeries } from '../../../src/domain/types';

const resolver = CountryResolver.fromSources(SOURCES_DIR);

describe('UN Tourism parsing helpers', () => {
  it('reads note references and footnote texts', () => {
    const FIXTURE_NOTE_REFS = '1/ 2/';
    const FIXTURE_FOOTNOTES = '1/ Excluding nationals residing abroad.\r\n2/ Including in transit\r\nvisitors.';
    expect(parseNoteRefs(FIXTURE_NOTE_REFS)).toEqual(['1', '2']);
    expect(Object.fromEntries(parseFootnotes(FIXTURE_FOOTNOTES))).toEqual({
      1: 'Excluding nationals residing abroad.',
      2: 'Including in transit visitors.',
    });
  });

  it('maps units', () => {
    expect(unitInfo('Thousands')).toEqual({ unit: null, currency: null, scale: 'thousands' });
    expect(unitInfo('US$ Millions')).toEqual({ unit: 'USD', currency: 'USD', scale: 'millions' });
    expect(unitInfo('US$ Mn')).toEqual({ unit: 'USD', currency: 'USD', scale: 'millions' });
    expect(unitInfo('Percent')).toBeNull();
  });

  it('reads value cells, cleaning Excel float noise', () => {
    const FIXTURE_EXCEL_SUM = 83700.59999999999;
    expect(readValueCell(FIXTURE_EXCEL_SUM)).toEqual({ ok: true, value: 83700.6 });
    expect(readValueCell('..')).toEqual({ ok: true, value: null });
    expect(readValueCell('1,234')).toEqual({ ok: true, value: 1234 });
    expect(readValueCell('n.a.')).toEqual({ ok: false });
  });
});

/** A hand-written arrivals sheet: 5 title rows, header, two country blocks and the legend. */
const FIXTURE_ARRIVALS_SHEET: Cell[][] = [
  ['INDEX', null, null, '1. INBOUND TOURISM: Arrivals'],
  [],
  ['World Tourism Organization (2023) ...'],
  ['https://www.unwto.org/tourism-statistics/tourism-statistics-database'],
  [],
  ['C.', 'S.', 'C. & S.', 'Basic data and indicators', null, null, null, null, 'Units', 'Notes', 'Series', 2018, 2019, 2020],
  [8, 0, '8-0', 'ALBANIA'],
  [null, null, null, null, 'Arrivals', null, null, null, null, null, null, null, null, null, '1/ Excluding nationals residing abroad.'],
  [8, '1.1', '8-1.1', null, null, 'Total arrivals', null, null, 'Thousands', '1/', 'VF', 5927, 6406, 2658],
  [8, '1.2', '8-1.2', null, null, null, 'Overnights visitors (tourists)', null, 'Thousands', null, 'TF', '..', 6128, '..'],
  [8, '1.3', '8-1.3', null, null, null, 'Same-day visitors (excursionists)', null, 'Thousands', null, null, '..', '..', '..'],
  [8, '1.9', '8-1.9', null, null, null, 'Space tourists', null, 'Thousands', null, null, 1, 2, 3],
  [999, 0, '999-0', 'ATLANTIS'],
  [999, '1.1', '999-1.1', null, null, 'Total arrivals', null, null, 'Thousands', null, 'VF', 1, 2, 3],
  [],
  [null, null, null, 'TF', 'Arrivals of non-resident tourists at national borders'],
  [null, null, null, 'VF', 'Arrivals of non-resident visitors at national borders'],
];

/** The Regions sheet repeating Albania's total under another series code. */
const FIXTURE_REGIONS_SHEET: Cell[][] = [
  ...FIXTURE_ARRIVALS_SHEET.slice(0, 6),
  [8, 0, '8-0', 'ALBANIA'],
  [8, '1.5', '8-1.5', null, null, 'Total', null, null, 'Thousands', null, 'TF', 5340, 6128, 2604],
  [8, '1.9', '8-1.9', null, null, null, 'Europe', null, 'Thousands', null, null, 5000, 5800, 2500],
];

describe('parseUnwtoSheets (fixture)', () => {
  const sheets: Record<string, Cell[][]> = {
    ' Inbound Tourism-Arrivals': FIXTURE_ARRIVALS_SHEET,
    'Inbound Tourism-Regions': FIXTURE_REGIONS_SHEET,
  };
  const out = parseUnwtoSheets((name) => sheets[name], resolver);

  it('finds the columns from the header row', () => {
    expect(findLayout(FIXTURE_ARRIVALS_SHEET)).toMatchObject({ headerRow: 5, unitsCol: 8, notesCol: 9, seriesCol: 10, footnoteCol: 14 });
  });

  it('keeps the total with series code and notes in the name', () => {
    const total = out.series.find((s) => s.country === 'AL' && !s.breakdown)!;
    expect(total.names.en).toBe(
      'Inbound arrivals, total (VF: Arrivals of non-resident visitors at national borders), Albania. Notes: Excluding nationals residing abroad.',
    );
    expect(total).toMatchObject({ measure: 'arrivals', unit: 'arrivals', scale: 'thousands', currency: null, freq: 'A' });
    expect(total.observations.map((o) => o.value)).toEqual([5927, 6406, 2658]);
  });

  it('drops leading ".." and keeps later ones as not published; skips series without figures', () => {
    const overnight = out.series.find((s) => s.breakdown?.member === 'overnight')!;
    expect(overnight.observations).toEqual([
      { period: '2019', value: 6128, status: 'published', flags: '' },
      { period: '2020', value: null, status: 'not_published', flags: '' },
    ]);
    expect(out.series.some((s) => s.breakdown?.member === 'same-day')).toBe(false);
  });

  it('gives breakdown rows of the Regions sheet the block total’s series code', () => {
    const europe = out.series.find((s) => s.breakdown?.member === 'europe')!;
    expect(europe.breakdown).toEqual({ dimension: 'origin', member: 'europe' });
    expect(europe.names.en).toBe('Inbound arrivals from Europe (series TF), Albania'); // no legend in this fixture sheet
  });

  it('rejects unknown labels, unknown countries, duplicates and missing sheets with reasons', () => {
    const reasons = out.rejected.map((r) => `${r.row} → ${r.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ALBANIA \/ Space tourists → indicator label not mapped/),
        expect.stringMatching(/999 ATLANTIS → place not resolved: code 999 \(ATLANTIS\) is not a country code held/),
        expect.stringMatching(/Regions row 8: ALBANIA \/ Total → same country, measure and breakdown as .*row 9.*series TF here, VF there/),
        expect.stringMatching(/Purpose → sheet not found/),
      ]),
    );
  });
});

describe('parseUnwtoSheets resolves blocks by M49 code, checked against the name (fixture)', () => {
  const header = FIXTURE_ARRIVALS_SHEET.slice(0, 6);
  const block = (code: number, name: string, value: number): Cell[][] => [
    [code, 0, `${code}-0`, name],
    [code, '1.1', `${code}-1.1`, null, null, 'Total arrivals', null, null, 'Thousands', null, 'VF', 1, value, 3],
  ];
  const FIXTURE_CODES_SHEET: Cell[][] = [
    ...header,
    ...block(643, 'RUSSIAN FEDERATION', 24419), // resolved by code, confirmed by name
    ...block(280, 'GERMANY', 39563), // retired code: the written decision follows the name
    ...block(250, 'GERMANY', 1), // France's code under Germany's name: unresolved
    ...block(534, 'BONAIRE', 2), // wrong code, no country of its own: decided, not served
  ];
  const out = parseUnwtoSheets((name) => (name === ' Inbound Tourism-Arrivals' ? FIXTURE_CODES_SHEET : undefined), resolver);

  it('serves code-confirmed blocks and decided ones under the decided country', () => {
    const total = (iso: string) => out.series.find((s) => s.country === iso && !s.breakdown)?.observations[1].value;
    expect(total('RU')).toBe(24419);
    expect(total('DE')).toBe(39563);
    expect(out.series.map((s) => s.country).sort()).toEqual(['DE', 'RU']);
  });

  it('counts the decisions applied and rejects a disagreement not in the table as unresolved', () => {
    expect(out.decisions!.map((d) => `${d.decision.code} ${d.decision.name} → ${d.decision.iso}`)).toEqual([
      '280 GERMANY → DE',
      '534 BONAIRE → null',
    ]);
    expect(out.rejected.filter((r) => r.unresolved)).toEqual([
      expect.objectContaining({ row: 'Inbound Tourism-Arrivals row 11: 250 GERMANY', reason: expect.stringMatching(/code 250 is France but the name "GERMANY" is Germany/) }),
    ]);
  });
});

describe('loadUnwto (real workbook)', () => {
  // How fast it loads is `npm run bench:ingest`'s to show (each step's time is in its log).
  const out = loadUnwto(SOURCES_DIR, resolver);
  const find = (country: string, table: string, member: string | null): ParsedSeries | undefined =>
    out.series.find((s) => s.country === country && s.table === table && (s.breakdown?.member ?? null) === member);
  const value = (s: ParsedSeries | undefined, period: string) => s?.observations.find((o) => o.period === period)?.value;

  it('holds the countries whose names the old name matching missed (check values, thousands)', () => {
    expect(value(find('RU', 'unwto_inbound_arrivals', null), '2019')).toBe(24419);
    expect(value(find('VN', 'unwto_inbound_arrivals', null), '2019')).toBe(18009);
    for (const iso of ['SY', 'CV', 'CG', 'KN', 'LC', 'VC']) {
      expect(out.series.some((s) => s.country === iso && s.measure === 'arrivals' && !s.breakdown), iso).toBe(true);
    }
  });

  it('applies each written decision to the blocks it names', () => {
    const decided = new Set(out.decisions!.map((d) => `${d.decision.code} ${d.decision.iso}`));
    expect([...decided].sort()).toEqual(['230 ET', '280 DE', '461 null', '534 null', '535 CW', '658 null', '663 SX', '736 SD', '886 YE', '891 null']);
    expect(find('CW', 'unwto_inbound_arrivals', null)!.names.en).toMatch(/Curaçao/);
    expect(value(find('SX', 'unwto_inbound_arrivals', null), '2019')).toBe(1952);
  });

  it('matches the check values (thousands, as published)', () => {
    expect(value(find('FR', 'unwto_inbound_arrivals', null), '2019')).toBe(217877);
    expect(value(find('ES', 'unwto_inbound_arrivals', null), '2019')).toBe(126170);
    expect(value(find('JP', 'unwto_inbound_arrivals', null), '2019')).toBe(31881);
    expect(find('FR', 'unwto_inbound_arrivals', null)).toMatchObject({ unit: 'arrivals', scale: 'thousands', freq: 'A' });
  });

  it('reads every sheet with the expected breakdowns', () => {
    const tables = new Set(out.series.map((s) => s.table));
    expect([...tables].sort()).toEqual([
      'unwto_inbound_arrivals',
      'unwto_inbound_expenditure',
      'unwto_inbound_purpose',
      'unwto_inbound_regions',
      'unwto_outbound_departures',
      'unwto_outbound_expenditure',
    ]);
    expect(value(find('FR', 'unwto_inbound_regions', 'europe'), '2019')).toBe(72766.5);
    expect(value(find('FR', 'unwto_inbound_purpose', 'business'), '2019')).toBe(11261.2);
    expect(find('FR', 'unwto_inbound_expenditure', null)).toMatchObject({ measure: 'spend', unit: 'USD', currency: 'USD', scale: 'millions' });
    expect(value(find('FR', 'unwto_inbound_expenditure', null), '2019')).toBe(70786);
    expect(value(find('FR', 'unwto_outbound_departures', null), '2019')).toBe(49276);
    const outboundSpend = find('FR', 'unwto_outbound_expenditure', 'outbound')!;
    expect(outboundSpend.breakdown).toEqual({ dimension: 'direction', member: 'outbound' });
    expect(value(outboundSpend, '2019')).toBe(59754);
  });

  it('names series in English with series code and country', () => {
    expect(find('FR', 'unwto_inbound_arrivals', null)!.names.en).toMatch(
      /^Inbound arrivals, total \(VF: Arrivals of non-resident visitors at national borders\), France\. Notes: /,
    );
  });

  it('has one series per country, measure and breakdown', () => {
    const keys = out.series.map((s) => `${s.country}|${s.measure}|${s.breakdown?.dimension}=${s.breakdown?.member}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('resolves every block with figures by its M49 code and name; only duplicates are left out', () => {
    expect(out.rejected.filter((r) => r.unresolved)).toEqual([]);
    const kinds = out.rejected.map((r) => (r.reason.startsWith('same country, measure and breakdown') ? 'duplicate' : r.reason));
    expect(new Set(kinds)).toEqual(new Set(['duplicate']));
    // the duplicates are the Regions/Purpose totals repeating the arrivals total
    const duplicateRows = out.rejected.filter((r) => r.reason.startsWith('same country')).map((r) => r.row);
    expect(duplicateRows.every((row) => / \/ Total$/.test(row))).toBe(true);
  });

  it('never starts a series with a missing value and keeps only series with figures', () => {
    for (const s of out.series) {
      expect(s.observations[0].value).not.toBeNull();
      expect(s.observations.every((o) => (o.value === null) === (o.status === 'not_published'))).toBe(true);
    }
  });
});
