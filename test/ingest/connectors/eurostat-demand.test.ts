import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedSeries } from '../../../src/domain/types';
import { aliasOf } from '../../../src/ingest/identifiers';
import { loadEurostatDemand } from '../../../src/ingest/connectors/eurostat-demand';
import type { ConnectorOutput } from '../../../src/ingest/records';
import { SOURCES_DIR } from '../../helpers/paths';
import { CountryResolver } from '../../../src/ingest/connectors/country-resolver';

let out: ConnectorOutput;
let byAlias: Map<string, ParsedSeries>;
beforeAll(() => {
  out = loadEurostatDemand(SOURCES_DIR, CountryResolver.fromSources(SOURCES_DIR));
  byAlias = new Map(out.series.map((s) => [aliasOf(s), s]));
});

const valueOf = (alias: string, period: string) => byAlias.get(alias)?.observations.find((o) => o.period === period);

describe('Eurostat origin → destination matrix (tour_dem_ttw, tour_dem_tnw)', () => {
  it('confirms every geo code by its geo.dic label; CN ("China including Hong Kong") by a written decision', () => {
    expect(out.rejected.filter((r) => r.unresolved)).toEqual([]);
    expect(out.decisions!.map((d) => `${d.row} → ${d.decision.iso}`)).toEqual(['CN China including Hong Kong → CN']);
  });

  it("serves SOURCES.md's check values per destination and origin (geo is the origin, c_dest the destination)", () => {
    expect(valueOf('es.nights.origin-de.a', '2019')?.value).toBe(106_879_474);
    expect(valueOf('at.nights.origin-de.a', '2019')?.value).toBe(61_592_505);
    expect(valueOf('fr.nights.origin-nl.a', '2019')?.value).toBe(24_141_288);
    expect(valueOf('es.arrivals.origin-de.a', '2019')?.value).toBe(10_984_639);
    expect(valueOf('it.arrivals.origin-fr.a', '2019')?.value).toBe(3_484_102);
    expect(valueOf('us.arrivals.origin-de.a', '2019')?.value).toBe(2_237_480);
  });

  it('labels the series as residents’ trips from the household survey, annual, in trips or nights', () => {
    const trips = byAlias.get('es.arrivals.origin-de.a')!;
    expect(trips).toMatchObject({ country: 'ES', measure: 'arrivals', freq: 'A', unit: 'trips', table: 'tour_dem_ttw', breakdown: { dimension: 'origin', member: 'de' } });
    expect(trips.names.en).toBe('Trips of residents of Germany to Spain (household survey of the country of residence; all purposes, 1+ nights)');
    expect(byAlias.get('es.nights.origin-de.a')!.names.en).toMatch(/^Nights spent by residents of Germany on trips to Spain \(household survey/);
    expect(out.tables.map((t) => t.code)).toEqual(['tour_dem_ttw', 'tour_dem_tnw']);
  });

  it('keeps the flags: b is a break, u stays published with its flag, ": u" is not published', () => {
    expect(valueOf('es.nights.origin-be.a', '2017')).toEqual({ period: '2017', value: 13_617_157, status: 'break', flags: 'b' });
    expect(valueOf('es.nights.origin-bg.a', '2016')).toEqual({ period: '2016', value: 344_813, status: 'published', flags: 'u' });
    expect(valueOf('es.nights.origin-bg.a', '2017')).toEqual({ period: '2017', value: null, status: 'not_published', flags: 'u' });
  });

  it('maps Eurostat codes to ISO (EL → GR, UK → GB) and leaves out groupings and the home country', () => {
    expect(valueOf('gr.arrivals.origin-de.a', '2019')?.value).toBeGreaterThan(0);
    expect(valueOf('es.nights.origin-gb.a', '2012')?.value).toBe(94_855_208);
    expect(byAlias.has('es.nights.origin-es.a')).toBe(false);
    for (const s of out.series) {
      expect(s.breakdown!.member).toMatch(/^[a-z]{2}$/);
      expect(s.breakdown!.member).not.toBe(s.country.toLowerCase());
      expect(s.country).toMatch(/^[A-Z]{2}$/);
    }
    expect(out.rejected).toEqual([]);
  });
});
