/** The REST adapter's pieces on hand-written inputs: parameters, CSV, paging, rate limits, routes, errors. */
import { describe, expect, it } from 'vitest';
import { rowsToCsv, seriesBlocksToCsv } from '../../rest/csv';
import { ApiError, ERROR_STATUS, errorBody } from '../../src/errors';
import { decodeCursor, encodeCursor, nextPageUrl } from '../../rest/paging';
import { parseParam } from '../../rest/params';
import { parseRates, RateLimiter } from '../../src/auth/rate-limit';
import { routeMatcher } from '../../rest/route';
import { secondsToNextLoad } from '../../rest/answer-bytes';
import { ROUTES } from '../../rest/routes';

const spec = (kind: Parameters<typeof parseParam>[0]['kind']) => ({ name: 'p', kind, description: '' });

describe('parameters', () => {
  it('parses each kind and rejects bad values with invalid_parameter', () => {
    expect(parseParam(spec('[CountryCode]'), 'es, fr,ES')).toEqual(['ES', 'FR']);
    expect(parseParam(spec('Int'), '1000')).toBe(1000);
    expect(parseParam(spec('SeriesRef'), 'ES.Nights.Total.M')).toBe('es.nights.total.m');
    for (const [kind, raw] of [
      ['[CountryCode]', 'ESP'],
      ['Int', '0'],
      ['Int', '1e3'],
      ['Period', '2019-13'],
      ['Period', '2019-Q5'],
      ['Frequency', 'W'],
      ['Year', '19'],
      ['Measure', 'visitors'],
      ['[CurrencyCode]', 'EURO'],
      ['SeriesRef', 'sr_123'],
      ['format', 'xml'],
      ['String', ' '],
      ['CountryCode', 'x'.repeat(300)],
    ] as const) {
      expect(() => parseParam(spec(kind), raw), `${kind} ${raw}`).toThrow(ApiError);
    }
  });
});

describe('CSV', () => {
  it('writes RFC 4180 with CRLF, quoting, and arrays joined with ;', () => {
    const csv = rowsToCsv([{ a: 'x,y', b: ['p', 'q'], c: true, d: null }, { a: 'say "hi"', b: [], c: false, d: 2 }]);
    expect(csv).toBe('a,b,c,d\r\n"x,y",p;q,true,\r\n"say ""hi""",,false,2\r\n');
  });
  it('flattens series blocks to one row per observation, and one row with the note when there is none', () => {
    const csv = seriesBlocksToCsv([
      { country: 'ES', series: 'sr_aaaaaaaa', name: 'N', unit: 'u', freq: 'M', observations: [{ period: '2019-01', value: 1, rate: 1.1 }] },
      { country: 'FR', series: null, unit: '', freq: '', observations: [], note: 'none held' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'country,series,name,unit,freq,period,value,rate,note',
      'ES,sr_aaaaaaaa,N,u,M,2019-01,1,1.1,',
      'FR,,,,,,,,none held',
      '',
    ]);
  });
});

describe('paging, limits, routes, errors', () => {
  it('round-trips opaque cursors and builds the next page URL', () => {
    const c = encodeCursor('ES');
    expect(decodeCursor(c)).toBe('ES');
    expect(decodeCursor(encodeCursor('<script>'))).toBeNull();
    expect(nextPageUrl('/v1/countries', new URLSearchParams({ limit: '2' }), c)).toBe(`/v1/countries?limit=2&cursor=${c}`);
  });
  it('counts requests per key in a one-minute window', () => {
    const limiter = new RateLimiter(parseRates('free:2'));
    expect(limiter.take('k', 'free', 0).remaining).toBe(1);
    expect(limiter.take('k', 'free', 1000).allowed).toBe(true);
    const third = limiter.take('k', 'free', 2000);
    expect(third).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 58 });
    expect(limiter.take('k', 'free', 60_000).allowed).toBe(true);
    expect(parseRates(undefined).developer).toBe(300);
  });
  it('matches paths to routes with their parameters decoded, fixed segments first', () => {
    const match = routeMatcher(ROUTES);
    const peers = match('/v1/countries/E%53/peers');
    expect(peers?.c.route.path).toBe('/v1/countries/{iso}/peers');
    expect(peers?.c.names).toEqual(['iso']);
    expect(peers?.values).toEqual(['ES']);
    expect(match('/v1/countries/ES/peers/x')).toBeNull();
    expect(match('/v1/countries/ES/')).toBeNull();
    expect(match('/v1/series/search')?.c.route.path).toBe('/v1/series/search');
    expect(match('/v1/series/es%252Enights.total.m/latest')?.values).toEqual(['es%2Enights.total.m']);
    expect(() => match('/v1/countries/%E0%A4%A')).toThrow(/percent-encoding/);
  });
  it('maps every code to its status and writes the error body', () => {
    expect(new ApiError('plan_required', 'm').status).toBe(403);
    expect(Object.values(ERROR_STATUS)).toEqual(expect.arrayContaining([400, 401, 403, 404, 405, 429, 500, 503]));
    const body = JSON.parse(errorBody(new ApiError('unknown_series', 'No series x.'), 'developer', 'http://h', 'req_1'));
    expect(body).toEqual({ error: { code: 'unknown_series', message: 'No series x.', plan: 'developer', docs: 'http://h/docs#error-unknown_series', request_id: 'req_1' } });
  });
  it('keeps answers until the next daily load check', () => {
    expect(secondsToNextLoad(new Date('2026-04-20T23:59:00Z'))).toBe(60);
    expect(secondsToNextLoad(new Date('2026-04-20T00:00:00Z'))).toBe(86400);
  });
  it('gives every route a distinct path and a known plan', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThanOrEqual(30);
  });
});
