import { describe, expect, it } from 'vitest';
import { holidayDaysOf, holidaysOf, holidaysSupported } from '../../src/domain/holidays';

describe('holidaysOf', () => {
  it('lists national and regional public holidays, the regions keeping each', () => {
    const de = holidaysOf('DE', 2019);
    expect(de.find((h) => h.date === '2019-10-03')).toMatchObject({ national: true, regions: [] });
    const epiphany = de.find((h) => h.date === '2019-01-06')!;
    expect(epiphany.national).toBe(false);
    expect(epiphany.regions).toEqual(expect.arrayContaining(['BW', 'BY', 'ST']));
  });

  it('gives the join the same holidays with English names only', () => {
    const days = holidayDaysOf('ES', 2019);
    const full = holidaysOf('ES', 2019);
    expect(days.map((h) => [h.date, h.name, h.national, h.regions])).toEqual(full.map((h) => [h.date, h.name, h.national, h.regions]));
    expect(full.find((h) => h.date === '2019-10-12')).toMatchObject({ national: true, localName: 'Fiesta Nacional de España' });
  });

  it('is empty for a country the rules do not know', () => {
    expect(holidaysSupported('QQ')).toBe(false);
    expect(holidaysOf('QQ', 2019)).toEqual([]);
  });
});
