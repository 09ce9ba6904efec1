/**
 * Public holidays from the date-holidays library (maintained rules for ~200 countries and
 * their regions). National holidays apply everywhere; regional ones list the regions that keep them.
 */
import Holidays from 'date-holidays';

export interface HolidayRow {
  country: string;
  date: string; // YYYY-MM-DD
  name: string; // English
  local_name: string;
  national: boolean;
  regions: string[]; // region codes keeping a regional holiday; empty for national ones
}

type LibHoliday = { date: string; name: string; type: string; rule: string };

const cache = new Map<string, HolidayRow[]>();
const OPTS = { types: ['public'] } as unknown as undefined;

export function holidaysSupported(iso: string): boolean {
  return Boolean(new Holidays().getCountries()[iso]);
}

function publicHolidays(hd: Holidays, year: number, lang: string): LibHoliday[] {
  return (hd.getHolidays(year, lang) as LibHoliday[]).filter((h) => h.type === 'public');
}

function key(h: LibHoliday): string {
  return `${h.date.slice(0, 10)}|${h.rule}`;
}

export function holidaysOf(iso: string, year: number): HolidayRow[] {
  const cacheKey = `${iso}|${year}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  if (!holidaysSupported(iso)) return [];
  const national = new Holidays(iso, OPTS);
  const localLang = national.getLanguages().find((l) => l !== 'en') ?? 'en';
  const rows = new Map<string, HolidayRow>();
  const add = (hd: Holidays, region: string | null) => {
    const local = new Map(publicHolidays(hd, year, localLang).map((h) => [key(h), h.name]));
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
  add(national, null);
  for (const state of Object.keys(national.getStates(iso) ?? {})) add(new Holidays(iso, state, OPTS), state);
  const result = [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  if (cache.size > 2000) cache.clear();
  cache.set(cacheKey, result);
  return result;
}
