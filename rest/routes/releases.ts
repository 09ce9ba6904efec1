/** Releases: what each release of the data brought, as an Atom feed for feed readers. */
import { ReleaseFeedDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';
import { ATOM_TYPE, releaseFeed } from '../release-feed';

export const releaseRoutes = [
  defineRoute({
    path: '/v1/releases/feed',
    summary: 'An Atom feed of the releases held: one entry per release, naming the countries and series it updated and the periods they reach.',
    description:
      'Newest release first. Each entry is dated by its release (`updated`), keeps one id in every fetch (a tag: URI), and links ' +
      'to the REST answers of the countries and series it names. With `country` (one code or several, comma separated), only the releases ' +
      'that updated those countries, each naming only their series. Answered as `application/atom+xml`; `format=json` gives the same releases in the envelope.',
    params: {
      country: 'Only the releases that updated a series of these countries (ISO codes, comma separated), each naming only their series.',
      format: 'json: the same releases in the {meta, data} envelope; Atom when absent. CSV is not offered.',
    },
    csv: false,
    operation: ReleaseFeedDocument,
    shape: (r, p) => {
      return {
        meta: { country: p.country?.join(',') ?? null },
        data: r.releases.map(({ countries, ...release }) =>
          Object.assign(snakeFields(release), {
            countries: countries.map(({ series, ...c }) =>
              Object.assign(snakeFields(c), { series: series.map((s) => snakeFields(s)) }),
            ),
          }),
        ),
      };
    },
    document: {
      type: ATOM_TYPE,
      description: 'The Atom 1.0 feed (RFC 4287).',
      write: (r, p, ctx) => releaseFeed(r.releases, p.country?.join(','), ctx),
    },
  }),
];
