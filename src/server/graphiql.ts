/**
 * GraphiQL on a browser visit to /graphql, served whole from the installed
 * @graphql-yoga/render-graphiql bundle (scripts, styles and editor workers inline: nothing from a
 * CDN), with the explorer plugin it carries, a key field and example tabs for notebook use.
 */
import type { GraphiQLOptions } from 'graphql-yoga';

const HEADLINE_ARRIVALS = `# Yearly arrivals of several countries (UN Tourism, published in thousands), in plain units.
query HeadlineArrivals {
  series(filter: { country: ["ES", "FR", "IT"], measure: arrivals, breakdown: "total", freq: A }) {
    totalCount
    nodes {
      countryIso
      alias
      unit
      scale
      multiplier
      observations(from: "2015", scaled: true) {
        period
        value
        status
      }
    }
  }
}
`;

const COUNTRY_PROFILE = `# One country with each of its headline series and the latest figure of each.
query CountryProfile($iso: String! = "JP") {
  country(iso: $iso) {
    name
    regionName
    measures
    series(headline: true) {
      alias
      measure
      freq
      unit
      scale
      latest { period value yoyPct }
    }
  }
}
`;

const PAGING = `# Every country, 50 at a time: pass pageInfo.endCursor back as \`after\` while hasNextPage.
query Countries($after: String) {
  countries(first: 50, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { iso name latest monthsBehind }
  }
}
`;

const SEARCH = `# Series whose names match words in any language held.
query Search {
  seriesSearch(q: "nights hotels", first: 10) {
    totalCount
    nodes { alias name countryIso freq first last }
  }
}
`;

export const GRAPHIQL_OPTIONS: GraphiQLOptions = {
  title: 'Tourism Statistics GraphQL',
  defaultTabs: [HEADLINE_ARRIVALS, COUNTRY_PROFILE, PAGING, SEARCH].map((query) => ({ query })),
  shouldPersistHeaders: false,
};

/** The key field: kept in this browser's localStorage and sent as X-API-Key with every request GraphiQL makes. */
const KEY_BAR = `
<style>
  html, body { height: 100%; margin: 0; }
  body { display: flex; flex-direction: column; }
  #root { flex: 1; min-height: 0; }
  #api-key-bar { display: flex; gap: 8px; align-items: center; padding: 6px 12px; font: 14px system-ui, sans-serif;
    background: #f4f6fa; border-bottom: 1px solid #d8dde6; }
  #api-key-bar input { width: 22em; padding: 4px 6px; font: inherit; }
  #api-key-bar .hint { color: #5b6475; }
</style>
<script>
  (function () {
    var STORE = 'tourism-api-key';
    var plainFetch = window.fetch.bind(window);
    // Every GraphQL request (schema introspection included) carries the key unless a header already does.
    window.fetch = function (input, init) {
      var key = localStorage.getItem(STORE);
      if (!key) return plainFetch(input, init);
      var headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
      if (!headers.has('X-API-Key')) headers.set('X-API-Key', key);
      return plainFetch(input, Object.assign({}, init, { headers: headers }));
    };
    window.addEventListener('DOMContentLoaded', function () {
      var bar = document.createElement('form');
      bar.id = 'api-key-bar';
      bar.innerHTML = '<label for="api-key">API key</label>' +
        '<input id="api-key" name="api-key" type="password" autocomplete="off" placeholder="X-API-Key">' +
        '<button type="submit">Use key</button>' +
        '<span class="hint">Kept in this browser only; the schema reloads with it.</span>';
      var input = bar.querySelector('input');
      input.value = localStorage.getItem(STORE) || '';
      bar.addEventListener('submit', function (e) {
        e.preventDefault();
        localStorage.setItem(STORE, input.value.trim());
        location.reload();
      });
      document.body.insertBefore(bar, document.body.firstChild);
    });
  })();
</script>
`;

let page: Promise<string> | undefined;

/**
 * The page, built once: the options never change. The bundle is imported on the first visit, not at
 * start: its module text and the page it renders hold some 30 MB, which a service nobody explores
 * should not carry.
 */
export function graphiqlPage(options: GraphiQLOptions): Promise<string> {
  page ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => renderGraphiQL(options).replace('</head>', `${KEY_BAR}</head>`));
  return page;
}
