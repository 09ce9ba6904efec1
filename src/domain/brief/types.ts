/** The figures a country brief is written from: the served `figures`, `last_six`, `outlook`, `context` and `rivals`, plus the names the text needs. */

export interface RegionRank {
  rank: number;
  of: number;
}

export interface Trust {
  grade: string;
  score: number;
}

export interface HeadlineFigures {
  value: number;
  yoy_pct: number | null;
  vs_2019_pct: number | null;
  ytd_yoy_pct: number | null;
  region_rank: RegionRank | null;
  trust: Trust | null;
}

export interface MonthFigures {
  month: string;
  value: number | null;
  yoy_pct: number | null;
  vs_2019_pct: number | null;
  vs_3yr_avg_pct: number | null;
}

export interface OutlookMonth {
  month: string;
  value: number;
  low: number;
  high: number;
  yoy_pct: number | null;
}

export interface BriefContext {
  jet_fuel: { month: string; usd_gallon: number; yoy_pct: number | null } | null;
  currency: { currency: string; per_eur: number; yoy_pct: number | null } | null;
  growth: { year: number; pct: number; projected: boolean } | null;
}

export interface Rival {
  country: string;
  name: string;
  score: number;
  shared_markets: string[];
  month: string | null;
  yoy_pct: number | null;
}

export interface BriefFigures {
  /** ISO 3166 alpha-2. */
  country: string;
  name: string;
  /** Latest month, YYYY-MM. */
  month: string;
  /** What is counted: `name` for the prose ("nights"), `unit` after a number ("nights", "arrivals"). */
  measure: { name: string; unit: string };
  /** Display name of the world region the rank is within; null or absent → "its region". */
  region?: string | null;
  figures: HeadlineFigures;
  last_six: MonthFigures[];
  outlook: OutlookMonth[];
  /** The forecasting method behind `outlook` (see src/domain/forecast); null when there is no outlook. */
  outlook_method: string | null;
  context: BriefContext;
  rivals: Rival[];
  /** ISO codes of countries that count this one as a rival. */
  rival_for: string[];
  /** Display names for ISO codes in rival_for; a code without one is written as the code. */
  names?: Record<string, string>;
}

export interface ComposedBrief {
  headline: string;
  brief: string[];
}

export interface BriefCheck {
  ok: boolean;
  /** One line per number (or date) in the text that no figure supports. */
  problems: string[];
}
