/** Licences by publisher and the citation a series carries, on hand-written examples. */
import { describe, expect, it } from 'vitest';
import { citationOf, licenceOf, seriesCitation, seriesServiceUrl, TERMS_NOT_STATED } from '../../src/domain/citation';

describe('licenceOf', () => {
  it("gives the terms the sources' notes or files state", () => {
    expect(licenceOf('World Bank')).toEqual({ name: 'CC BY 4.0 (World Bank)', url: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(licenceOf('UN Tourism').url).toBe('https://www.unwto.org/copyright');
    expect(licenceOf('Eurostat').name).toContain('Source: Eurostat');
    expect(licenceOf('Stats NZ').name).toContain('CC BY 4.0');
  });

  it('says so where nothing held states the terms, naming no licence', () => {
    expect(licenceOf('Statistics Canada')).toEqual({ name: TERMS_NOT_STATED, url: null });
    expect(licenceOf('Japan National Tourism Organization')).toEqual({ name: TERMS_NOT_STATED, url: null });
    expect(licenceOf('Australian Bureau of Statistics')).toEqual({ name: `© Commonwealth of Australia; ${TERMS_NOT_STATED}`, url: null });
  });
});

describe('citations', () => {
  it('name publisher, title, release date, address, retrieval date and the service address, in that order', () => {
    expect(
      citationOf({
        publisher: 'Eurostat',
        title: 'Nights spent at tourist accommodation establishments - monthly data',
        released: '2026-04-15',
        address: 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true',
        retrieved: '2026-11-28T05:23:19.945Z',
        seriesName: 'Spain: nights spent, all tourist accommodation',
        alias: 'es.nights.total.m',
        serviceUrl: 'https://api.example.org/v1/series/sr_12345678/observations',
      }),
    ).toBe(
      'Eurostat. Nights spent at tourist accommodation establishments - monthly data. Released 2026-04-15. ' +
        'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data/tour_occ_nim?format=TSV&compressed=true. Retrieved 2026-11-28. ' +
        'Series "Spain: nights spent, all tourist accommodation" (es.nights.total.m) via the Tourism Statistics API: ' +
        'https://api.example.org/v1/series/sr_12345678/observations',
    );
  });

  it('say when the publisher states no release date', () => {
    const text = seriesCitation(
      { id: 'sr_00000001', alias: 'hk.arrivals.total.m', name: '', updated: '2026-03-09T06:00:00.000Z', table: { publisher: 'Hong Kong Immigration Department', title: 'Daily passenger traffic', url: 'https://www.immd.gov.hk/x.csv', released: null } },
      'https://api.example.org',
    );
    expect(text).toBe(
      'Hong Kong Immigration Department. Daily passenger traffic. Release date not stated by the publisher. https://www.immd.gov.hk/x.csv. ' +
        'Retrieved 2026-03-09. Series hk.arrivals.total.m via the Tourism Statistics API: https://api.example.org/v1/series/sr_00000001/observations',
    );
  });

  it("address a series' figures as the release feed does", () => {
    expect(seriesServiceUrl('https://api.example.org', 'sr_0ai5xk2v')).toBe('https://api.example.org/v1/series/sr_0ai5xk2v/observations');
  });
});
