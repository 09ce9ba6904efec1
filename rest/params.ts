/** Query parameter kinds of the /v1 routes: each validates its text and returns a typed value. */
import { isCalendarDate, parsePeriod } from '../src/domain/periods';
import { FREQS, MEASURES } from '../src/domain/types';
import { ApiError } from './errors';

export interface ParamSpec {
  name: string;
  kind: 'isoList' | 'iso' | 'period' | 'freq' | 'limit' | 'year' | 'measure' | 'currency' | 'text' | 'seriesId' | 'format' | 'cursor' | 'date' | 'flag';
  required?: boolean;
  description: string;
  /** Overrides the kind's example (e.g. a region slug for a text parameter). */
  example?: unknown;
}

const bad = (message: string) => new ApiError('invalid_parameter', message);
const MAX_LEN = 200;

export function parseParam(spec: ParamSpec, raw: string): unknown {
  if (raw.length > MAX_LEN) throw bad(`${spec.name} is too long.`);
  switch (spec.kind) {
    case 'isoList': {
      const codes = raw.split(',').map((c) => c.trim().toUpperCase());
      if (codes.length === 0 || codes.length > 50 || codes.some((c) => !/^[A-Z]{2}$/.test(c)))
        throw bad(`${spec.name} takes ISO 3166 two-letter codes, comma separated (at most 50).`);
      return [...new Set(codes)];
    }
    case 'iso':
      if (!/^[A-Za-z]{2}$/.test(raw)) throw bad(`${spec.name} must be an ISO 3166 two-letter code.`);
      return raw.toUpperCase();
    case 'period':
      if (!parsePeriod(raw)) throw bad(`${spec.name} must be YYYY, YYYY-MM or YYYY-Qn.`);
      return raw;
    case 'freq':
      if (!(FREQS as readonly string[]).includes(raw)) throw bad(`${spec.name} must be M, Q or A.`);
      return raw;
    case 'limit': {
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || n < 1 || n > 1000) throw bad(`${spec.name} must be an integer from 1 to 1000.`);
      return n;
    }
    case 'year': {
      const n = Number(raw);
      if (!/^\d{4}$/.test(raw) || n < 1900 || n > 2100) throw bad(`${spec.name} must be a year such as 2019.`);
      return n;
    }
    case 'measure':
      if (!(MEASURES as readonly string[]).includes(raw)) throw bad(`${spec.name} must be one of ${MEASURES.join(', ')}.`);
      return raw;
    case 'currency': {
      const codes = raw.split(',').map((c) => c.trim().toUpperCase());
      if (codes.some((c) => !/^[A-Z]{3}$/.test(c))) throw bad(`${spec.name} takes ISO 4217 codes such as USD.`);
      return codes;
    }
    case 'seriesId':
      if (!/^(sr_[0-9a-z]{8}|[a-z]{2}\.[a-z]+\.[a-z0-9-]+\.[mqa])$/i.test(raw))
        throw bad(`${spec.name} must be a series id (sr_…) or alias (<iso>.<measure>.<breakdown>.<freq>).`);
      return raw.toLowerCase();
    case 'format':
      if (raw !== 'json' && raw !== 'csv') throw bad(`${spec.name} must be json or csv.`);
      return raw;
    case 'cursor':
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw bad('cursor is not one this service issued.');
      return raw;
    case 'text':
      if (!raw.trim()) throw bad(`${spec.name} must not be empty.`);
      return raw;
    case 'date':
      if (!isCalendarDate(raw)) throw bad(`${spec.name} must be a date YYYY-MM-DD.`);
      return raw;
    case 'flag':
      if (raw !== 'true' && raw !== 'false') throw bad(`${spec.name} must be true or false.`);
      return raw === 'true';
  }
}
