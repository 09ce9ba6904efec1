/**
 * Public holidays from the date-holidays library (maintained rules for ~200 countries and
 * their regions). National holidays apply everywhere; regional ones list the regions that keep them.
 */
import Holidays from 'date-holidays';
import { LRUCache } from 'lru-cache';

export interface HolidayRow {
  country: string;
  date: string; // YYYY-MM-DD
  name: string; // English
  local_name: string;
  national: boolean;
  regions: string[]; // region codes keeping a regional holiday; empty for national ones
}

type LibHoliday = { date: string; name: string; type: string; rule: string };

const OPTS = { types: ['public'] } as unknown as undefined;

/**
 * Evaluating date-holidays rules is slow (a country with 50 states takes ~100 ms a year) and runs on
 * the event loop, so each country's rules are parsed once and each country-year is worked out once:
 * every country held over the years its series span fits in the bound.
 */
const YEARS_KEPT = 20_000;
const results = new LRUCache<string, HolidayRow[]>({ max: YEARS_KEPT });

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

function key(h: LibHoliday): string {
  return `${h.date.slice(0, 10)}|${h.rule}`;
}

export function holidaysOf(iso: string, year: number): HolidayRow[] {
  const cacheKey = `${iso}|${year}`;
  const hit = results.get(cacheKey);
  if (hit) return hit;
  const rules = rulesOf(iso);
  if (!rules) return [];
  const rows = new Map<string, HolidayRow>();
  const add = (hd: Holidays, region: string | null) => {
    const local = new Map(publicHolidays(hd, year, rules.localLang).map((h) => [key(h), h.name]));
    for (const h of publicHolidays(hd, year, 'en')) {
      const k = key(h);
      const existing = rows.get(k);
      if (existing) {
        if (region && !existing.national) existing.regions.push(region);
        continue;
      }
      rows.set(k, {
        country: iso,
        date: h.date.slice(0, 10),
        name: h.name,
        local_name: local.get(k) ?? h.name,
        national: region === null,
        regions: region ? [region] : [],
      });
    }
  };
  add(rules.national, null);
  for (const [state, hd] of rules.states) add(hd, state);
  const result = [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  results.set(cacheKey, result);
  return result;
}
