/**
 * Public holidays from the date-holidays library (maintained rules for ~200 countries and
 * their regions). National holidays apply everywhere; regional ones list the regions that keep them.
 */
import Holidays from 'date-holidays';

export interface HolidayRow {
  country: string;
  date: string; // YYYY-MM-DD
  name: string; // English
  localName: string;
  national: boolean;
  regions: string[]; // region codes keeping a regional holiday; empty for national ones
}

type LibHoliday = { date: string; name: string; type: string; rule: string };

const OPTS = { types: ['public'] } as unknown as undefined;

/**
 * Evaluating date-holidays rules is slow (a country with many states most of all), so it runs
 * in a worker thread (src/holiday-worker.ts) and the main thread keeps the answers
 * (src/graphql/holiday-rules.ts). Here each country's rules are parsed once; country-years are not
 * retained, so the worker holds no more than the rules of the countries asked.
 */

interface CountryRules {
  national: Holidays;
  /** The first language other than English the rules name holidays in (English when none). */
  localLang: string;
  states: [state: string, rules: Holidays][];
}
const rulesByCountry = new Map<string, CountryRules | null>();
let supported: Record<string, string> | null = null;

export function holidaysSupported(iso: string): boolean {
  supported ??= new Holidays().getCountries();
  return Object.hasOwn(supported, iso);
}

function rulesOf(iso: string): CountryRules | null {
  let rules = rulesByCountry.get(iso);
  if (rules === undefined) {
    if (holidaysSupported(iso)) {
      const national = new Holidays(iso, OPTS);
      rules = {
        national,
        localLang: national.getLanguages().find((l) => l !== 'en') ?? 'en',
        states: Object.keys(national.getStates(iso) ?? {}).map((state) => [state, new Holidays(iso, state, OPTS)]),
      };
    } else rules = null;
    rulesByCountry.set(iso, rules);
  }
  return rules;
}

function publicHolidays(hd: Holidays, year: number, lang: string): LibHoliday[] {
  return (hd.getHolidays(year, lang) as LibHoliday[]).filter((h) => h.type === 'public');
}

/** A holiday is the same across the national and regional rules when its date and rule are. */
function key(h: LibHoliday): string {
  return `${h.date.slice(0, 10)}|${h.rule}`;
}

/** One country-year's public holidays named in `lang`, by key: national first, then each region's own. */
function evaluate(iso: string, rules: CountryRules, year: number, lang: string): Map<string, HolidayRow> {
  const rows = new Map<string, HolidayRow>();
  const add = (hd: Holidays, region: string | null) => {
    for (const h of publicHolidays(hd, year, lang)) {
      const existing = rows.get(key(h));
      if (existing) {
        if (region && !existing.national) existing.regions.push(region);
        continue;
      }
      rows.set(key(h), {
        country: iso,
        date: h.date.slice(0, 10),
        name: h.name,
        localName: h.name,
        national: region === null,
        regions: region ? [region] : [],
      });
    }
  };
  add(rules.national, null);
  for (const [state, hd] of rules.states) add(hd, state);
  return rows;
}

const byDateThenName = (a: HolidayRow, b: HolidayRow) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name);

/**
 * The public holidays of one country and year, English names only (`localName` repeats them): what
 * the holidays join needs, at half the work of holidaysOf.
 */
export function holidayDaysOf(iso: string, year: number): HolidayRow[] {
  const rules = rulesOf(iso);
  return rules ? [...evaluate(iso, rules, year, 'en').values()].sort(byDateThenName) : [];
}

/** The public holidays of one country and year, national and regional, in English and the local language. */
export function holidaysOf(iso: string, year: number): HolidayRow[] {
  const rules = rulesOf(iso);
  if (!rules) return [];
  const local = rules.localLang === 'en' ? null : evaluate(iso, rules, year, rules.localLang);
  const rows = [...evaluate(iso, rules, year, 'en')].map(([k, row]) => ({ ...row, localName: local?.get(k)?.name ?? row.name }));
  return rows.sort(byDateThenName);
}
