/** Records the connectors produce besides series: reference lists and context data. */
import type { ParsedSeries, RejectedRow, SourceTableInfo } from '../domain/types';

export interface CountryRef {
  iso: string; // alpha-2
  iso3: string;
  m49: string | null;
  name: string;
  wikidataId: string | null;
  currency: string | null;
  /** UN M49 region/sub-region names (used to assign the UN Tourism region). */
  m49Region: string | null;
  m49SubRegion: string | null;
}

/** A sub-national statistical region (NUTS) with its names. */
export interface RegionUnitRef {
  code: string; // e.g. ES51
  country: string; // alpha-2 (EL → GR, UK → GB)
  level: number; // 0..3
  name: string; // national language
  latinName: string | null; // transliteration where the script is not latin
}

export interface FxRate {
  date: string; // YYYY-MM-DD
  currency: string; // ISO 4217, units per 1 EUR
  rate: number;
}

/** A commodity price point: monthly average, or a weekly/daily point to be averaged. */
export interface PricePoint {
  code: string; // 'jet_fuel' (US Gulf Coast, USD per gallon), 'brent', 'wti' (USD per barrel)
  period: string; // YYYY-MM
  value: number;
  derived: boolean; // true when averaged by us from weekly data
}

/** One economy indicator value for one country and year. */
export interface IndicatorValue {
  country: string; // alpha-2
  indicator: string; // e.g. 'SP.POP.TOTL', 'WEO:gdp_growth_pct'
  year: number;
  value: number;
  projection: boolean;
  source: string; // table code
}

/** How one publisher code and name are placed, decided once on the evidence (connectors/code-decisions.ts). */
export interface CodeDecision {
  publisher: 'UN Tourism' | 'World Bank' | 'Eurostat';
  /** The code as the file writes it. */
  code: string;
  /** The name as the file writes it. */
  name: string;
  /** The country the rows are served under; null: no country of its own, the rows are not served. */
  iso: string | null;
  why: string;
}

/** A row whose place was settled by the code/name decisions table (counted in the ingest summary). */
export interface AppliedDecision {
  table: string;
  row: string;
  decision: CodeDecision;
}

/** What one connector returns. Every array may be empty. */
export interface ConnectorOutput {
  tables: SourceTableInfo[];
  series: ParsedSeries[];
  rejected: RejectedRow[];
  decisions?: AppliedDecision[];
  countries?: CountryRef[];
  regionUnits?: RegionUnitRef[];
  /** Publisher geo code → label (Eurostat geo.dic). */
  geoLabels?: Record<string, string>;
  fx?: FxRate[];
  prices?: PricePoint[];
  indicators?: IndicatorValue[];
  /**
   * The newest period each file it read brings, when its tables cannot say it (releases merged from
   * several files; prices, which carry no table); otherwise computed from them (period-reached.ts).
   */
  reachedByFile?: Record<string, string>;
}
