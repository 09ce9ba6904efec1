/** /v1/releases/feed: the Atom feed of the release log, on the real test release, as a feed reader reads it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { withTestSnapshot } from '../helpers/snapshot';
import { childrenNamed, childText, parseXml, type XmlElement } from '../helpers/atom';

const release = withTestSnapshot();
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 120_000);
afterAll(async () => s?.close());

async function feed(query = ''): Promise<{ res: Response; root: XmlElement; text: string }> {
  const res = await s.get(`/v1/releases/feed${query}`, { plan: 'free' });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { res, root: parseXml(text), text };
}

/** Every address an entry links to: its link elements and the anchors of its HTML content. */
function entryLinks(entry: XmlElement): string[] {
  const own = childrenNamed(entry, 'link').map((l) => l.attrs.href);
  const content = [...(childText(entry, 'content') ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...own, ...content];
}

describe('the whole feed', () => {
  it('is well-formed Atom 1.0 with one entry per release held, for a free key', async () => {
    const { res, root } = await feed();
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(root.name).toBe('feed');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2005/Atom');
    const releases = await release.snapshot.prisma.release.findMany({ orderBy: { version: 'desc' } });
    const entries = childrenNamed(root, 'entry');
    expect(releases.length).toBeGreaterThan(0);
    expect(entries).toHaveLength(releases.length);
    expect(childText(root, 'id')).toBe('http://api.test/v1/releases/feed');
    expect(childText(root, 'updated')).toBe(releases[0].loadedAt);
    expect(childrenNamed(root, 'link').find((l) => l.attrs.rel === 'self')?.attrs.href).toBe('http://api.test/v1/releases/feed');
    entries.forEach((entry, i) => {
      expect(childText(entry, 'id')).toBe(`tag:api.test,${releases[i].loadedAt.slice(0, 10)}:releases/${releases[i].version}`);
      expect(childText(entry, 'updated')).toBe(releases[i].loadedAt);
      expect(childText(entry, 'title')).toMatch(/^Release of \d{4}-\d{2}-\d{2}: /);
    });
    // The test release is the first load: every series held arrived in it.
    const series = await release.snapshot.prisma.releaseEntry.count({ where: { releaseVersion: releases[0].version } });
    const summary = childText(entries[0], 'summary')!;
    expect(summary).toContain(`${series.toLocaleString('en-US')} series updated`);
    expect((childText(entries[0], 'content')!.match(/<li>/g) ?? []).length).toBe(series);
  });

  it('keeps its entry ids from one fetch to the next, and answers 304 to its ETag', async () => {
    const first = await feed();
    const again = await s.get('/v1/releases/feed', { plan: 'free', headers: { 'If-None-Match': first.res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const second = await feed();
    expect(childrenNamed(second.root, 'entry').map((e) => childText(e, 'id'))).toEqual(childrenNamed(first.root, 'entry').map((e) => childText(e, 'id')));
  });

  it('links to country records that answer 200', async () => {
    const { root } = await feed();
    const links = [...new Set(childrenNamed(root, 'entry').flatMap(entryLinks))].filter((l) => /\/v1\/countries\/[A-Z]{2}$/.test(l));
    expect(links.length).toBeGreaterThan(200);
    for (const link of links.slice(0, 10)) {
      const res = await s.get(link.replace('http://api.test', ''), { plan: 'free' });
      expect(res.status, link).toBe(200);
    }
  });
});

describe('?country=', () => {
  it('gives only the releases that touched the country, each naming only its series, whose links answer 200 with a key', async () => {
    const { root } = await feed('?country=MT');
    const entries = childrenNamed(root, 'entry');
    const touching = await release.snapshot.prisma.releaseEntry.findMany({ where: { countryIso: 'MT' }, select: { releaseVersion: true, seriesId: true } });
    expect(entries).toHaveLength(new Set(touching.map((t) => t.releaseVersion)).size);
    expect(childText(root, 'id')).toBe('http://api.test/v1/releases/feed?country=MT');
    const entry = entries[0];
    expect(childText(entry, 'id')).toMatch(/^tag:api\.test,\d{4}-\d{2}-\d{2}:releases\/\d{8}T\d{6}Z\/MT$/);
    expect(childText(entry, 'title')).toMatch(/^Malta \(MT\): \d+ series updated, reaching \d{4}/);
    const links = entryLinks(entry);
    const seriesLinks = links.filter((l) => l.includes('/v1/series/'));
    expect(seriesLinks).toHaveLength(touching.length);
    const aliases = [...childText(entry, 'content')!.matchAll(/">([a-z]{2})\.[a-z]+\.[^<]+<\/a>/g)].map((m) => m[1]);
    expect(new Set(aliases)).toEqual(new Set(['mt']));
    expect(links.filter((l) => l.includes('/v1/countries/'))).toEqual(['http://api.test/v1/countries/MT', 'http://api.test/v1/countries/MT']);
    // Series answers need the developer plan; each link of the entry answers there.
    for (const link of new Set(links)) {
      const res = await s.get(link.replace('http://api.test', ''), { plan: 'developer' });
      expect(res.status, link).toBe(200);
    }
  });

  it('answers an unknown country with the usual 404 error body', async () => {
    const res = await s.get('/v1/releases/feed?country=ZZ', { plan: 'free' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await res.json()).error).toMatchObject({ code: 'unknown_country', message: 'No country ZZ is held.', plan: 'free' });
  });
});

describe('other forms', () => {
  it('gives the same releases in the envelope with format=json, and refuses CSV', async () => {
    const json = await s.json('/v1/releases/feed?country=MT&format=json', 'free');
    const { root } = await feed('?country=MT');
    expect(json.meta.country).toBe('MT');
    expect(json.data.map((r: { version: string }) => r.version)).toEqual(
      childrenNamed(root, 'entry').map((e) => childText(e, 'id')!.split('/')[1]),
    );
    expect(json.data[0].countries[0]).toMatchObject({ iso: 'MT', name: 'Malta' });
    expect(json.data[0].countries[0].series[0]).toEqual(
      expect.objectContaining({ id: expect.stringMatching(/^sr_/), alias: expect.stringMatching(/^mt\./), period_reached: expect.any(String) }),
    );
    const csv = await s.get('/v1/releases/feed?format=csv', { plan: 'free' });
    expect(csv.status).toBe(400);
    expect((await csv.json()).error.code).toBe('invalid_parameter');
  });

  it('is the same as GraphQL Query.releases, on a free key', async () => {
    const { status, body } = await s.graphql('{ releases(countries: ["MT"]) { version countries { iso periodReached series { id } } } }', {}, 'free');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const json = await s.json('/v1/releases/feed?country=MT&format=json', 'free');
    expect(body.data.releases.map((r: any) => [r.version, r.countries[0].periodReached, r.countries[0].series.length])).toEqual(
      json.data.map((r: any) => [r.version, r.countries[0].period_reached, r.countries[0].series.length]),
    );
  });
});
