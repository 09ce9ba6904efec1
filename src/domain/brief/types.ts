/** The figures a country brief is written from: the served `figures`, `lastSix`, `outlook`, `context` and `rivals`, plus the names the text needs. */

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
  yoyPct: number | null;
  vs2019Pct: number | null;
  ytdYoyPct: number | null;
  regionRank: RegionRank | null;
  trust: Trust | null;
}

export interface MonthFigures {
  month: string;
  value: number | null;
  yoyPct: number | null;
  vs2019Pct: number | null;
  vs3yrAvgPct: number | null;
}

export interface OutlookMonth {
  month: string;
  value: number;
  low: number;
  high: number;
  yoyPct: number | null;
}

export interface BriefContext {
  jetFuel: { month: string; usdGallon: number; yoyPct: number | null } | null;
  currency: { currency: string; perEur: number; yoyPct: number | null } | null;
  growth: { year: number; pct: number; projected: boolean } | null;
}

export interface Rival {
  country: string;
  name: string;
  score: number;
  sharedMarkets: string[];
  month: string | null;
  yoyPct: number | null;
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
  lastSix: MonthFigures[];
  outlook: OutlookMonth[];
  /** The forecasting method behind `outlook` (see src/domain/forecast); null when there is no outlook. */
  outlookMethod: string | null;
  context: BriefContext;
  rivals: Rival[];
  /** ISO codes of countries that count this one as a rival. */
  rivalFor: string[];
  /** Display names for ISO codes in rivalFor; a code without one is written as the code. */
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
