import { beforeAll, describe, expect, it } from 'vitest';
import type { RegionUnitRef } from '../../../src/ingest/records';
import { loadNuts } from '../../../src/ingest/connectors/nuts';
import { loadGeoDic, parseGeoDic } from '../../../src/ingest/connectors/geo-dic';
import { SOURCES_DIR } from '../../helpers/paths';

describe('loadNuts (NUTS2021.xlsx)', () => {
  let units: RegionUnitRef[];
  let byCode: Map<string, RegionUnitRef>;

  beforeAll(() => {
    units = loadNuts(SOURCES_DIR);
    byCode = new Map(units.map((unit) => [unit.code, unit]));
  });

  it('holds every code once, at every level', () => {
    expect(units).toHaveLength(2121);
    expect(byCode.size).toBe(2121);
    const perLevel = [0, 1, 2, 3].map((level) => units.filter((u) => u.level === level).length);
    expect(perLevel).toEqual([37, 162, 371, 1551]);
  });

  it('reads the national name exactly as the file spells it', () => {
    // EL30 starts with a LATIN capital A (U+0041) followed by Greek letters: the file's own spelling.
    expect(byCode.get('EL30')).toEqual({
      code: 'EL30',
      country: 'GR',
      level: 2,
      name: '\u0041\u03c4\u03c4\u03b9\u03ba\u03ae',
      latinName: 'Attiki',
    });
    expect(byCode.get('ES51')).toEqual({ code: 'ES51', country: 'ES', level: 2, name: 'Cataluña', latinName: null });
    expect(byCode.get('FR10')?.name).toBe('Ile-de-France');
  });

  it('strips trailing non-breaking spaces', () => {
    expect(byCode.get('EL')?.name).toBe('Ελλάδα');
    expect(byCode.get('BG')?.name).toBe('България');
    for (const unit of units) {
      expect(unit.name).toBe(unit.name.trim());
      if (unit.latinName) expect(unit.latinName).toBe(unit.latinName.trim());
    }
  });

  it('reads latin transliterations wherever the file puts them', () => {
    expect(byCode.get('EL')?.latinName).toBe('Elláda');
    expect(byCode.get('EL3')?.latinName).toBe('Attiki'); // level 1, column K
    expect(byCode.get('EL301')?.latinName).toBe('Voreios Tomeas Athinon'); // level 3, column M
    expect(byCode.get('MK001')?.latinName).toBe('Vardarski'); // level 3 but column N
    expect(byCode.get('BG411')?.latinName).toBe('Sofia (stolitsa)');
    expect(byCode.get('RS11')?.latinName).toBe('City of Belgrade');
  });

  it('takes no latin name from the explanatory notes in column J', () => {
    expect(byCode.get('CZ0')?.latinName).toBeNull();
    expect(byCode.get('TR1')?.latinName).toBeNull();
  });

  it('maps country codes to ISO', () => {
    expect(byCode.get('UKI3')).toMatchObject({ country: 'GB', name: 'Inner London — West' });
    expect(units.filter((u) => u.level === 0).map((u) => u.country)).toContain('GR');
    expect(units.some((u) => u.country === 'EL' || u.country === 'UK')).toBe(false);
  });
});

describe('loadGeoDic (geo.dic)', () => {
  it('labels every code of the dictionary', () => {
    const labels = loadGeoDic(SOURCES_DIR);
    expect(Object.keys(labels)).toHaveLength(4041);
    expect(labels.EL).toBe('Greece');
    expect(labels.UK).toBe('United Kingdom');
    expect(labels.ES51).toBe('Cataluña');
    expect(labels.EU27_2020).toBe('European Union - 27 countries (from 2020)');
  });

  it('tolerates CRLF and blank lines', () => {
    expect(parseGeoDic('EL\tGreece\r\n\r\nES\tSpain\n')).toEqual({ EL: 'Greece', ES: 'Spain' });
  });
});
