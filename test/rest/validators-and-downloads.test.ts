/**
 * RFC 9110's weak comparison for If-None-Match on every kept answer (REST, GraphQL GET), and CSV
 * answers named for saving (Content-Disposition). On a real server over the real release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFilename } from '../../rest/answer-bytes';
import { KEYS, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.url}${path}`, { headers: { 'X-API-Key': KEYS.intel, Accept: 'application/json', ...headers } });

describe('If-None-Match', () => {
  for (const path of ['/v1/countries/ES', '/v1/arrivals?country=ES&from=2019&format=csv', `/graphql?query=${encodeURIComponent('{ country(iso: "ES") { name } }')}`]) {
    it(`${path}: the tag, W/ the tag, a list holding it and * are 304; another tag is 200`, async () => {
      const first = await get(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      for (const header of [etag, `W/${etag}`, `"other", W/${etag}`, '*']) {
        const res = await get(path, { 'If-None-Match': header });
        expect(res.status, header).toBe(304);
        expect(res.headers.get('etag'), header).toBe(etag);
      }
      expect((await get(path, { 'If-None-Match': '"other"' })).status).toBe(200);
    });
  }
});

describe('CSV downloads', () => {
  it('carry a filename with the .csv extension', async () => {
    const res = await get('/v1/arrivals?country=ES&from=2019-08&to=2019-08&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="arrivals-ES-2019-08-2019-08.csv"');
    expect((await get('/v1/countries/ES')).headers.get('content-disposition')).toBeNull();
  });

  it('names are letters, digits and dashes only', () => {
    expect(csvFilename('/v1/countries/ES/gaps', new URLSearchParams('format=csv'))).toBe('countries-ES-gaps.csv');
    expect(csvFilename('/v1/series/search', new URLSearchParams('q=hôtel "x"/../&format=csv'))).toBe('series-search-h-tel-x.csv');
    expect(csvFilename('/v1', new URLSearchParams())).toBe('answer.csv');
  });
});
