/**
 * Eurostat demand-side tourism connector: the origin → destination matrix of EU/EFTA residents'
 * trips (tour_dem_ttw) and nights (tour_dem_tnw), annual, from the national household surveys.
 *
 * In these tables `geo` is the country of residence of the traveller (the origin market) and
 * `c_dest` the country of destination. Each country → country cell becomes one annual series of
 * the destination broken down by origin: `es.arrivals.origin-de.a` (trips of German residents to
 * Spain) and `es.nights.origin-de.a`. Retained: all purposes (TOTAL), trips of one night or more
 * (N_GE1), counts (NR). Left out by selection, not by failure: the purpose and length-of-stay
 * breakdowns, the groupings on either side (EU27_2020, EA20, EFTA, WORLD, EUR_OTH, DOM, FOR …)
 * and a country's own residents at home (geo = c_dest: domestic trips are not an origin market;
 * the occupancy tables carry residents' nights). Flags travel with every figure: `u` (low
 * reliability) is frequent here and `: u` cells are retained as not published.
 */
import type { Measure, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import { TRIPS_MATRIX_TABLE } from '../../domain/origin-breakdown';
import type { AppliedDecision, ConnectorOutput } from '../records';
import { countryOfGeo, fromFirstFigure, geoChecker, parseEurostatTsv, type GeoCheck } from './eurostat-tsv';
import type { CountryResolver } from './country-resolver';
import { loadGeoDic } from './geo-dic';
import { readSourceText } from '../source-reads';

const PUBLISHER = 'Eurostat';
const SDMX_DATA_URL = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data';
const ALL_PURPOSES = 'TOTAL';
const ONE_NIGHT_OR_MORE = 'N_GE1';
const UNIT_NUMBER = 'NR';

interface DemandTable {
  code: string;
  file: string;
  title: string;
  measure: Measure;
  unit: string;
  /** English series name from the origin and destination names. */
  name: (origin: string, destination: string) => string;
}

const SURVEY = 'household survey of the country of residence; all purposes, 1+ nights';

export const DEMAND_TABLES: readonly DemandTable[] = [
  {
    code: TRIPS_MATRIX_TABLE,
    file: 'eurostat/estat_tour_dem_ttw.tsv',
    title: 'Trips by country of destination (EU/EFTA residents, household surveys)',
    measure: 'arrivals',
    unit: 'trips',
    name: (origin, destination) => `Trips of residents of ${origin} to ${destination} (${SURVEY})`,
  },
  {
    code: 'tour_dem_tnw',
    file: 'eurostat/estat_tour_dem_tnw.tsv',
    title: 'Nights spent by country of destination (EU/EFTA residents, household surveys)',
    measure: 'nights',
    unit: 'nights',
    name: (origin, destination) => `Nights spent by residents of ${origin} on trips to ${destination} (${SURVEY})`,
  },
];

/** geo.dic's label without its historical qualifier: "Germany (until 1990 former territory of the FRG)" → "Germany". */
function countryLabel(code: string, geoLabels: Record<string, string>): string {
  return (geoLabels[code] ?? code).replace(/\s*\(.*\)$/, '');
}

function wanted(dims: Record<string, string>): boolean {
  return (
    dims.freq === 'A' &&
    dims.purpose === ALL_PURPOSES &&
    dims.duration === ONE_NIGHT_OR_MORE &&
    dims.unit === UNIT_NUMBER &&
    dims.geo !== dims.c_dest &&
    countryOfGeo(dims.geo) !== null &&
    countryOfGeo(dims.c_dest) !== null
  );
}

function loadTable(sourcesDir: string, table: DemandTable, geoLabels: Record<string, string>, unconfirmed: GeoCheck) {
  const text = readSourceText(sourcesDir, table.file);
  const tsv = parseEurostatTsv(text, { table: table.code, keepRow: wanted });
  const series: ParsedSeries[] = [];
  const rejected: RejectedRow[] = [...tsv.rejected];
  const seen = new Set<string>();
  for (const row of tsv.rows) {
    const destination = countryOfGeo(row.dims.c_dest)!;
    const origin = countryOfGeo(row.dims.geo)!;
    const key = `${destination}|${origin}`;
    const why = unconfirmed(row.dims.c_dest) ?? unconfirmed(row.dims.geo);
    if (why) {
      rejected.push({ table: table.code, row: row.key, reason: `place not resolved: ${why}`, unresolved: true });
      continue;
    }
    if (seen.has(key)) {
      rejected.push({ table: table.code, row: row.key, reason: `duplicate series ${key}` });
      continue;
    }
    seen.add(key);
    const observations = fromFirstFigure(row.cells);
    if (observations.length === 0) continue; // every cell ':': nothing to serve
    series.push({
      country: destination,
      measure: table.measure,
      breakdown: { dimension: 'origin', member: origin.toLowerCase() },
      freq: 'A',
      unit: table.unit,
      currency: null,
      scale: null,
      table: table.code,
      names: { en: table.name(countryLabel(row.dims.geo, geoLabels), countryLabel(row.dims.c_dest, geoLabels)) },
      observations,
    });
  }
  return { series, rejected };
}

function tableInfo(table: DemandTable): SourceTableInfo {
  return {
    code: table.code,
    publisher: PUBLISHER,
    title: table.title,
    url: `${SDMX_DATA_URL}/${table.code}?format=TSV&compressed=true`,
    file: table.file,
  };
}

export function loadEurostatDemand(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const geoLabels = loadGeoDic(sourcesDir);
  const decisions: AppliedDecision[] = [];
  const unconfirmed = geoChecker(resolver, geoLabels, 'eurostat_geo', decisions);
  const series: ParsedSeries[] = [];
  const rejected: RejectedRow[] = [];
  for (const table of DEMAND_TABLES) {
    const loaded = loadTable(sourcesDir, table, geoLabels, unconfirmed);
    series.push(...loaded.series);
    rejected.push(...loaded.rejected);
  }
  return { tables: DEMAND_TABLES.map(tableInfo), series, rejected, decisions };
}
