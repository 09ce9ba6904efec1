/**
 * Eurostat tourism connector: the five bulk TSV files under `eurostat/` become ParsedSeries,
 * labelled with geo.dic and the NUTS 2021 names.
 *
 * Only counts (unit NR) are retained: the PCH_* percentage changes can be recomputed from them.
 * Aggregates (EU27_2020, EA20 …) are never served as countries. A country's geo code (EL → GR,
 * UK → GB, else the ISO code) must be confirmed by its geo.dic label; a row whose country is not is
 * an unresolved row (an ingest error), not served.
 */
import type { Breakdown, Freq, Measure, ParsedSeries, RejectedRow, SourceTableInfo } from '../../domain/types';
import type { AppliedDecision, ConnectorOutput, RegionUnitRef } from '../records';
import type { CountryResolver } from './country-resolver';
import type { GeoCheck } from './eurostat-tsv';
import { countryOfGeo, fromFirstFigure, geoChecker, isoCountry, parseEurostatTsv, regionLevel } from './eurostat-tsv';
import { loadGeoDic } from './geo-dic';
import { loadNuts } from './nuts';
import { readSourceText, sourceExists } from '../source-reads';

const PUBLISHER = 'Eurostat';
const SDMX_DATA_URL = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data';
const UNIT_NUMBER = 'NR';
const ALL_ACCOMMODATION = 'I551-I553';
const ALL_RESIDENCES = 'TOTAL';

/** Text in several languages; 'en' always present. */
type LangText = { en: string } & Record<string, string>;

interface LabelContext {
  geoLabels: Record<string, string>;
  nuts: Map<string, RegionUnitRef>;
  /** Why the country of a two-letter geo code is not confirmed, or null when it is. */
  unconfirmed: GeoCheck;
}


/** What a wanted row is, before names: everything a series needs except its observations. */
interface Selection {
  geo: string;
  country: string;
  breakdown: Breakdown | null;
  unit: string;
  /** Label of the breakdown for country series ('total' included); absent for regional rows. */
  label?: LangText;
}

interface TableSpec {
  code: string;
  file: string;
  /** Read instead when `file` is not there. */
  fallback?: string;
  /** English dataset title, as Eurostat publishes it. */
  title: string;
  measure: Measure;
  freq: Freq;
  /** Series names start with this (the title without its "- monthly data" qualifier). */
  stem: LangText;
  select: (dims: Record<string, string>) => Selection | null;
}

// ---- labels ---------------------------------------------------------------------------------

const NIGHTS_STEM: LangText = {
  en: 'Nights spent at tourist accommodation establishments',
  de: 'Übernachtungen in Beherbergungsbetrieben',
  fr: "Nuitées dans les établissements d'hébergement touristique",
};
const ARRIVALS_STEM: LangText = {
  en: 'Arrivals at tourist accommodation establishments',
  de: 'Ankünfte in Beherbergungsbetrieben',
  fr: "Arrivées dans les établissements d'hébergement touristique",
};
// Eurostat's German/French titles of tour_cap_nat are not known here with certainty: English only.
const CAPACITY_STEM: LangText = { en: 'Number of establishments, bedrooms and bed-places' };

const TOTAL_LABEL: LangText = { en: 'total', de: 'insgesamt', fr: 'total' };

const RESIDENCE: Record<string, { member: string; label: LangText }> = {
  DOM: { member: 'domestic', label: { en: 'residents', de: 'Gebietsansässige', fr: 'résidents' } },
  FOR: { member: 'foreign', label: { en: 'non-residents', de: 'Gebietsfremde', fr: 'non-résidents' } },
};

const ACCOMMODATION: Record<string, { member: string; label: LangText }> = {
  I551: {
    member: 'hotels',
    label: { en: 'hotels', de: 'Hotels und ähnliche Beherbergungsbetriebe', fr: 'hôtels et hébergements similaires' },
  },
  I552: {
    member: 'holiday',
    label: {
      en: 'holiday and other short-stay accommodation',
      de: 'Ferienunterkünfte und ähnliche Beherbergungsstätten',
      fr: 'hébergements de vacances et autres hébergements de courte durée',
    },
  },
  I553: {
    member: 'camping',
    label: { en: 'camping grounds', de: 'Campingplätze', fr: 'terrains de camping' },
  },
  I552_I553: {
    member: 'holiday-camping',
    label: {
      en: 'holiday accommodation and camping grounds',
      de: 'Ferienunterkünfte und Campingplätze',
      fr: 'hébergements de vacances et terrains de camping',
    },
  },
};

/**
 * accomunit of tour_cap_nat, with the accommodation type each is retained for: bed-places (the capacity
 * total) and establishments over all tourist accommodation; bedrooms, which Eurostat publishes for
 * hotels and similar accommodation (I551) only, as the hotels' own series, named so.
 */
const CAPACITY_UNITS: Record<string, { nace: string; unit: string; breakdown: Breakdown | null; label: LangText }> = {
  BEDPL: { nace: ALL_ACCOMMODATION, unit: 'bed-places', breakdown: null, label: { en: 'bed-places' } },
  ESTBL: { nace: ALL_ACCOMMODATION, unit: 'establishments', breakdown: { dimension: 'unit', member: 'establishments' }, label: { en: 'establishments' } },
  BEDRM: {
    nace: 'I551',
    unit: 'bedrooms',
    breakdown: { dimension: 'unit', member: 'hotel-bedrooms' },
    label: { en: 'bedrooms in hotels and similar accommodation' },
  },
};

/** German and French names of the countries in the files (keyed by Eurostat code), for names.de/fr. */
const COUNTRY_NAMES_DE_FR: Record<string, { de: string; fr: string }> = {
  AL: { de: 'Albanien', fr: 'Albanie' },
  AT: { de: 'Österreich', fr: 'Autriche' },
  BE: { de: 'Belgien', fr: 'Belgique' },
  BG: { de: 'Bulgarien', fr: 'Bulgarie' },
  CH: { de: 'Schweiz', fr: 'Suisse' },
  CY: { de: 'Zypern', fr: 'Chypre' },
  CZ: { de: 'Tschechien', fr: 'Tchéquie' },
  DE: { de: 'Deutschland', fr: 'Allemagne' },
  DK: { de: 'Dänemark', fr: 'Danemark' },
  EE: { de: 'Estland', fr: 'Estonie' },
  EL: { de: 'Griechenland', fr: 'Grèce' },
  ES: { de: 'Spanien', fr: 'Espagne' },
  FI: { de: 'Finnland', fr: 'Finlande' },
  FR: { de: 'Frankreich', fr: 'France' },
  HR: { de: 'Kroatien', fr: 'Croatie' },
  HU: { de: 'Ungarn', fr: 'Hongrie' },
  IE: { de: 'Irland', fr: 'Irlande' },
  IS: { de: 'Island', fr: 'Islande' },
  IT: { de: 'Italien', fr: 'Italie' },
  LI: { de: 'Liechtenstein', fr: 'Liechtenstein' },
  LT: { de: 'Litauen', fr: 'Lituanie' },
  LU: { de: 'Luxemburg', fr: 'Luxembourg' },
  LV: { de: 'Lettland', fr: 'Lettonie' },
  ME: { de: 'Montenegro', fr: 'Monténégro' },
  MK: { de: 'Nordmazedonien', fr: 'Macédoine du Nord' },
  MT: { de: 'Malta', fr: 'Malte' },
  NL: { de: 'Niederlande', fr: 'Pays-Bas' },
  NO: { de: 'Norwegen', fr: 'Norvège' },
  PL: { de: 'Polen', fr: 'Pologne' },
  PT: { de: 'Portugal', fr: 'Portugal' },
  RO: { de: 'Rumänien', fr: 'Roumanie' },
  RS: { de: 'Serbien', fr: 'Serbie' },
  SE: { de: 'Schweden', fr: 'Suède' },
  SI: { de: 'Slowenien', fr: 'Slovénie' },
  SK: { de: 'Slowakei', fr: 'Slovaquie' },
  TR: { de: 'Türkei', fr: 'Turquie' },
  UK: { de: 'Vereinigtes Königreich', fr: 'Royaume-Uni' },
};

/**
 * ISO 639-1 language of the NUTS 2021 names, per country (Eurostat code). LU's names are the
 * French forms; Montenegrin has no 639-1 code, so its BCP 47 code 'cnr' is used.
 */
const NATIONAL_LANGUAGE: Record<string, string> = {
  AL: 'sq', AT: 'de', BE: 'nl', BG: 'bg', CH: 'de', CY: 'el', CZ: 'cs', DE: 'de', DK: 'da',
  EE: 'et', EL: 'el', ES: 'es', FI: 'fi', FR: 'fr', HR: 'hr', HU: 'hu', IE: 'en', IS: 'is',
  IT: 'it', LI: 'de', LT: 'lt', LU: 'fr', LV: 'lv', ME: 'cnr', MK: 'mk', MT: 'mt', NL: 'nl',
  NO: 'no', PL: 'pl', PT: 'pt', RO: 'ro', RS: 'sr', SE: 'sv', SI: 'sl', SK: 'sk', TR: 'tr', UK: 'en',
};

/** Multilingual countries whose regions are named in another language than the country's first. */
const REGION_LANGUAGE: Array<[prefix: string, lang: string]> = [
  ['BE1', 'fr'], // Brussels: "Région de Bruxelles-Capitale/Brussels Hoofdstedelijk Gewest"
  ['BE3', 'fr'], // Wallonia
  ['CH01', 'fr'], // Région lémanique
  ['CH02', 'fr'], // Espace Mittelland
  ['CH07', 'it'], // Ticino
  ['FI2', 'sv'], // Åland
];

function nationalLanguageOf(geo: string): string | null {
  const override = REGION_LANGUAGE.find(([prefix]) => geo.startsWith(prefix));
  return override ? override[1] : (NATIONAL_LANGUAGE[geo.slice(0, 2)] ?? null);
}

// ---- row selection --------------------------------------------------------------------------

/** Single-dimension breakdowns only: by residence over all accommodation, or by accommodation over all residences. */
function occupancyBreakdown(dims: Record<string, string>): { breakdown: Breakdown | null; label: LangText } | null {
  const resid = dims.c_resid;
  const nace = dims.nace_r2;
  if (resid === ALL_RESIDENCES && nace === ALL_ACCOMMODATION) return { breakdown: null, label: TOTAL_LABEL };
  const residence = RESIDENCE[resid];
  if (residence && nace === ALL_ACCOMMODATION) {
    return { breakdown: { dimension: 'residence', member: residence.member }, label: residence.label };
  }
  const accommodation = ACCOMMODATION[nace];
  if (accommodation && resid === ALL_RESIDENCES) {
    return { breakdown: { dimension: 'accommodation', member: accommodation.member }, label: accommodation.label };
  }
  return null;
}

function selectMonthlyOccupancy(unit: string) {
  return (dims: Record<string, string>): Selection | null => {
    if (dims.unit !== UNIT_NUMBER || dims.freq !== 'M') return null;
    const country = countryOfGeo(dims.geo);
    const choice = country ? occupancyBreakdown(dims) : null;
    if (!country || !choice) return null;
    return { geo: dims.geo, country, breakdown: choice.breakdown, unit, label: choice.label };
  };
}

function selectCapacity(dims: Record<string, string>): Selection | null {
  if (dims.unit !== UNIT_NUMBER || dims.freq !== 'A') return null;
  const country = countryOfGeo(dims.geo);
  const accomunit = CAPACITY_UNITS[dims.accomunit];
  if (!country || !accomunit || dims.nace_r2 !== accomunit.nace) return null;
  return { geo: dims.geo, country, breakdown: accomunit.breakdown, unit: accomunit.unit, label: accomunit.label };
}

/** Regional rows (NUTS 1–3); country rows are skipped because the monthly tables hold the totals. */
function selectRegional(unit: string) {
  return (dims: Record<string, string>): Selection | null => {
    if (dims.unit !== UNIT_NUMBER || dims.freq !== 'A' || dims.nace_r2 !== ALL_ACCOMMODATION) return null;
    if (dims.c_resid !== undefined && dims.c_resid !== ALL_RESIDENCES) return null;
    const level = regionLevel(dims.geo);
    if (level === null || level < 1) return null;
    return {
      geo: dims.geo,
      country: isoCountry(dims.geo.slice(0, 2)),
      breakdown: { dimension: 'region', member: dims.geo.toLowerCase() },
      unit,
    };
  };
}

// ---- tables -----------------------------------------------------------------------------------

export const EUROSTAT_TABLES: readonly TableSpec[] = [
  {
    code: 'tour_occ_nim',
    file: 'eurostat/estat_tour_occ_nim.tsv',
    title: 'Nights spent at tourist accommodation establishments - monthly data',
    measure: 'nights',
    freq: 'M',
    stem: NIGHTS_STEM,
    select: selectMonthlyOccupancy('nights'),
  },
  {
    code: 'tour_occ_arm',
    file: 'eurostat/estat_tour_occ_arm.tsv',
    title: 'Arrivals at tourist accommodation establishments - monthly data',
    measure: 'arrivals',
    freq: 'M',
    stem: ARRIVALS_STEM,
    select: selectMonthlyOccupancy('arrivals'),
  },
  {
    code: 'tour_cap_nat',
    file: 'eurostat/estat_tour_cap_nat.tsv',
    title: 'Number of establishments, bedrooms and bed-places',
    measure: 'capacity',
    freq: 'A',
    stem: CAPACITY_STEM,
    select: selectCapacity,
  },
  {
    code: 'tour_occ_arn2',
    file: 'eurostat/estat_tour_occ_arn2.tsv',
    title: 'Arrivals at tourist accommodation establishments by NUTS 2 regions',
    measure: 'arrivals',
    freq: 'A',
    stem: ARRIVALS_STEM,
    select: selectRegional('arrivals'),
  },
  {
    code: 'tour_occ_nin2',
    // The full dataset as downloaded; where only the filtered extract (NR, I551-I553, 2020–2024) is present, that.
    file: 'eurostat/estat_tour_occ_nin2.tsv',
    fallback: 'eurostat/estat_tour_occ_nin2_extract_2020-2024.tsv',
    title: 'Nights spent at tourist accommodation establishments by NUTS 2 regions',
    measure: 'nights',
    freq: 'A',
    stem: NIGHTS_STEM,
    select: selectRegional('nights'),
  },
];

/** The file of a table that is there: its own, else its fallback. */
export function fileOf(sourcesDir: string, spec: TableSpec): string {
  return spec.fallback && !sourceExists(sourcesDir, spec.file) ? spec.fallback : spec.file;
}

function tableInfo(spec: TableSpec, file: string): SourceTableInfo {
  return {
    code: spec.code,
    publisher: PUBLISHER,
    title: spec.title,
    url: `${SDMX_DATA_URL}/${spec.code}?format=TSV&compressed=true`,
    file,
  };
}

// ---- names ----------------------------------------------------------------------------------

/** "<stem>, <country>, <breakdown>" in every language where all three parts are known. */
function countrySeriesNames(stem: LangText, geo: string, label: LangText, ctx: LabelContext): LangText {
  const names: LangText = { en: `${stem.en}, ${ctx.geoLabels[geo] ?? geo}, ${label.en}` };
  const translated = COUNTRY_NAMES_DE_FR[geo];
  for (const lang of ['de', 'fr'] as const) {
    if (stem[lang] && label[lang] && translated) names[lang] = `${stem[lang]}, ${translated[lang]}, ${label[lang]}`;
  }
  return names;
}

/**
 * en: "<stem>, <geo.dic label> (<CODE>)". de/fr: the same with the translated stem. The
 * national language gets the NUTS 2021 name (and `<lang>-Latn` its transliteration); where no
 * stem is known in that language, that name alone is what the sources give in it.
 */
function regionSeriesNames(stem: LangText, geo: string, ctx: LabelContext): LangText {
  const unit = ctx.nuts.get(geo);
  const label = ctx.geoLabels[geo] ?? unit?.latinName ?? unit?.name ?? null;
  const place = (name: string | null | undefined): string => (name ? `${name} (${geo})` : geo);
  const lang = nationalLanguageOf(geo);
  const names: LangText = { en: `${stem.en}, ${place(label)}` };
  for (const stemLang of ['de', 'fr'] as const) {
    const translatedStem = stem[stemLang];
    if (translatedStem) names[stemLang] = `${translatedStem}, ${place(stemLang === lang && unit ? unit.name : label)}`;
  }
  if (unit && lang && lang !== 'en' && !stem[lang]) names[lang] = place(unit.name);
  if (unit?.latinName && lang) names[`${lang}-Latn`] = place(unit.latinName);
  return names;
}

// ---- series ---------------------------------------------------------------------------------

function seriesKey(selection: Selection): string {
  const b = selection.breakdown;
  return b ? `${selection.country}|${b.dimension}:${b.member}` : `${selection.country}|total`;
}

function loadTable(sourcesDir: string, spec: TableSpec, ctx: LabelContext): { series: ParsedSeries[]; rejected: RejectedRow[] } {
  const text = readSourceText(sourcesDir, fileOf(sourcesDir, spec));
  const tsv = parseEurostatTsv(text, { table: spec.code, keepRow: (dims) => spec.select(dims) !== null });
  const rejected = [...tsv.rejected];
  const series: ParsedSeries[] = [];
  const seen = new Set<string>();
  for (const row of tsv.rows) {
    const selection = spec.select(row.dims)!; // keepRow let only selectable rows through
    const observations = fromFirstFigure(row.cells);
    if (observations.length === 0) continue; // every cell ':': nothing to serve
    const unconfirmed = ctx.unconfirmed(selection.geo.slice(0, 2));
    if (unconfirmed) {
      rejected.push({ table: spec.code, row: row.key.slice(0, 80), reason: `place not resolved: ${unconfirmed}`, unresolved: true });
      continue;
    }
    const key = seriesKey(selection);
    if (seen.has(key)) {
      rejected.push({ table: spec.code, row: row.key.slice(0, 80), reason: `duplicate series ${key}` });
      continue;
    }
    seen.add(key);
    series.push({
      country: selection.country,
      measure: spec.measure,
      breakdown: selection.breakdown,
      freq: spec.freq,
      unit: selection.unit,
      currency: null,
      scale: null,
      table: spec.code,
      names: selection.label
        ? countrySeriesNames(spec.stem, selection.geo, selection.label, ctx)
        : regionSeriesNames(spec.stem, selection.geo, ctx),
      observations,
    });
  }
  return { series, rejected };
}

export function loadEurostat(sourcesDir: string, resolver: CountryResolver): ConnectorOutput {
  const geoLabels = loadGeoDic(sourcesDir);
  const regionUnits = loadNuts(sourcesDir);
  const nuts = new Map(regionUnits.map((unit) => [unit.code, unit]));
  const decisions: AppliedDecision[] = [];
  const ctx: LabelContext = { geoLabels, nuts, unconfirmed: geoChecker(resolver, geoLabels, 'eurostat_geo', decisions) };
  const series: ParsedSeries[] = [];
  const rejected: RejectedRow[] = [];
  for (const spec of EUROSTAT_TABLES) {
    const table = loadTable(sourcesDir, spec, ctx);
    series.push(...table.series);
    rejected.push(...table.rejected);
  }
  const tables = EUROSTAT_TABLES.map((spec) => tableInfo(spec, fileOf(sourcesDir, spec)));
  return { tables, series, rejected, decisions, geoLabels, regionUnits };
}
