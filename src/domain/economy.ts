/**
 * Economy indicators by year: World Bank WDI history with IMF WEO projections.
 *
 * Rule: the World Bank is the history, so for each figure and year its value is used whenever
 * it holds one. The IMF World Economic Outlook fills what the Bank lacks: its projection years
 * (the IMF flags 2024 on) and any earlier gap it covers. A row is `projection` when any of its
 * figures is an IMF projection, so a projected figure is never presented as an actual one.
 *
 * currentAccountPctGdp: the Bank's BN.CAB.XOKA.GD.ZS; else the current account in US$
 * (the Bank's, else the IMF's) ÷ the Bank's GDP in US$ × 100 for the same year.
 *
 * Rounding: percentages, GDP in US$ bn and population in millions to 3 decimals (the IMF
 * publishes 3); GDP per head to 2 (cents).
 */
import { compareCodes, roundOrNull } from './numeric';
import { snakeCase } from './snake-case';

export const WB = {
  gdpGrowth: 'NY.GDP.MKTP.KD.ZG',
  inflation: 'FP.CPI.TOTL.ZG',
  gdpUsd: 'NY.GDP.MKTP.CD',
  gdpPerCapita: 'NY.GDP.PCAP.CD',
  population: 'SP.POP.TOTL',
  unemployment: 'SL.UEM.TOTL.ZS',
  currentAccountPct: 'BN.CAB.XOKA.GD.ZS',
  currentAccountUsd: 'BN.CAB.XOKA.CD',
} as const;

export const IMF = {
  gdpGrowth: 'WEO:gdp_growth_pct',
  inflation: 'WEO:inflation_eop_pct',
  unemployment: 'WEO:unemployment_pct',
  currentAccountUsdBn: 'WEO:current_account_usd_bn',
} as const;

/** Every indicator code the economy rows read. */
export const ECONOMY_INDICATORS: string[] = [...Object.values(WB), ...Object.values(IMF)];

export interface IndicatorRow {
  indicator: string;
  year: number;
  value: number;
  projection: boolean;
}

export interface EconomyYear {
  year: number;
  projection: boolean;
  gdpGrowthPct: number | null;
  inflationPct: number | null;
  gdpUsdBn: number | null;
  gdpPerCapitaUsd: number | null;
  populationM: number | null;
  unemploymentPct: number | null;
  currentAccountPctGdp: number | null;
}

export interface Economy {
  /** Newest year first. */
  years: EconomyYear[];
  note: string;
}

type Field = Exclude<keyof EconomyYear, 'year' | 'projection'>;

interface Figure {
  value: number;
  imf: boolean;
  projection: boolean;
  /** Computed by us from two published figures. */
  ratio: boolean;
}

const DECIMALS: Record<Field, number> = {
  gdpGrowthPct: 3,
  inflationPct: 3,
  gdpUsdBn: 3,
  gdpPerCapitaUsd: 2,
  populationM: 3,
  unemploymentPct: 3,
  currentAccountPctGdp: 3,
};

export const ECONOMY_NOTE =
  'World Bank World Development Indicators are the history: their value is used for every year and figure they hold. ' +
  'The IMF World Economic Outlook (October 2024) fills the rest, chiefly its projections (2024 on); a row with any IMF projection has projection = true.';

/** Year → economy row for one country; `fromYear` keeps that year and later. */
export function economyYears(rows: readonly IndicatorRow[], fromYear?: number): Economy {
  const byKey = new Map<string, IndicatorRow>();
  const years = new Set<number>();
  for (const r of rows) {
    if (!Number.isFinite(r.value)) continue;
    byKey.set(`${r.indicator}|${r.year}`, r);
    years.add(r.year);
  }
  const get = (indicator: string, year: number) => byKey.get(`${indicator}|${year}`);
  const wb = (indicator: string, year: number, scale = 1): Figure | null => {
    const r = get(indicator, year);
    return r ? { value: r.value / scale, imf: false, projection: false, ratio: false } : null;
  };
  const imf = (indicator: string, year: number): Figure | null => {
    const r = get(indicator, year);
    return r ? { value: r.value, imf: true, projection: r.projection, ratio: false } : null;
  };
  const currentAccountPct = (year: number): Figure | null => {
    const published = wb(WB.currentAccountPct, year);
    if (published) return published;
    const gdp = get(WB.gdpUsd, year);
    if (!gdp || !(gdp.value > 0)) return null;
    const wbUsd = get(WB.currentAccountUsd, year);
    if (wbUsd) return { value: (wbUsd.value / gdp.value) * 100, imf: false, projection: false, ratio: true };
    const imfBn = get(IMF.currentAccountUsdBn, year);
    if (imfBn) return { value: ((imfBn.value * 1e9) / gdp.value) * 100, imf: true, projection: imfBn.projection, ratio: true };
    return null;
  };

  // How each filled figure was obtained → field → years, for the note.
  const filled = new Map<string, Map<Field, number[]>>();
  const mark = (how: string, field: Field, year: number) => {
    const fields = filled.get(how) ?? new Map<Field, number[]>();
    fields.set(field, [...(fields.get(field) ?? []), year]);
    filled.set(how, fields);
  };
  const out: EconomyYear[] = [];
  for (const year of [...years].sort((a, b) => b - a)) {
    if (fromYear !== undefined && year < fromYear) continue;
    const figures: Record<Field, Figure | null> = {
      gdpGrowthPct: wb(WB.gdpGrowth, year) ?? imf(IMF.gdpGrowth, year),
      inflationPct: wb(WB.inflation, year) ?? imf(IMF.inflation, year),
      gdpUsdBn: wb(WB.gdpUsd, year, 1e9),
      gdpPerCapitaUsd: wb(WB.gdpPerCapita, year),
      populationM: wb(WB.population, year, 1e6),
      unemploymentPct: wb(WB.unemployment, year) ?? imf(IMF.unemployment, year),
      currentAccountPctGdp: currentAccountPct(year),
    };
    const fields = Object.keys(figures) as Field[];
    if (fields.every((f) => figures[f] === null)) continue;
    for (const f of fields) {
      const fig = figures[f];
      if (fig?.ratio) mark(`Current account ÷ GDP in US$, ${fig.imf ? 'IMF current account over World Bank GDP' : 'both World Bank'}`, f, year);
      else if (fig?.imf) mark('From the IMF', f, year);
    }
    const row = { year, projection: fields.some((f) => figures[f]?.projection === true) } as EconomyYear;
    for (const f of fields) row[f] = roundOrNull(figures[f]?.value, DECIMALS[f]);
    out.push(row);
  }
  return { years: out, note: out.length ? economyNote(filled) : `${ECONOMY_NOTE} No economy indicator is held for this country${fromYear !== undefined ? ` from ${fromYear}` : ''}.` };
}

/** 'From the IMF: gdp_growth_pct, inflation_pct (2026)' — fields with the same years grouped, by their REST names. */
function economyNote(filled: Map<string, Map<Field, number[]>>): string {
  const parts: string[] = [];
  for (const how of [...filled.keys()].sort(compareCodes)) {
    const byYears = new Map<string, Field[]>();
    for (const [field, years] of filled.get(how)!) byYears.set(yearRuns(years), [...(byYears.get(yearRuns(years)) ?? []), field]);
    const groups = [...byYears.entries()].map(([years, fields]) => `${fields.map(snakeCase).join(', ')} (${years})`);
    parts.push(`${how}: ${groups.join('; ')}`);
  }
  const definitions =
    ' IMF inflation is end-of-period CPI (the World Bank gives the annual average); IMF unemployment follows national definitions (the World Bank gives the modelled ILO estimate).';
  return `${ECONOMY_NOTE}${parts.length ? ` Filled in this answer. ${parts.join('. ')}.` : ' Every figure in this answer is from the World Bank.'}${definitions}`;
}

/** [2026, 2025, 2024, 2021] → '2021, 2024–2026'. */
export function yearRuns(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1] + 1) continue;
    runs.push(start === i - 1 ? String(sorted[start]) : `${sorted[start]}–${sorted[i - 1]}`);
    start = i;
  }
  return runs.join(', ');
}
