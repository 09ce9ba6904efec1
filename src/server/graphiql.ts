/**
 * GraphiQL on a browser visit to /graphql, served whole from the installed
 * @graphql-yoga/render-graphiql bundle (scripts, styles and editor workers inline: nothing from a
 * CDN), with the explorer plugin it carries, a key field and example tabs for notebook use.
 */
import { createHash } from 'node:crypto';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import { PAGE_CSP_TAIL } from '../../rest/docs-site';

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
query CountryProfile($iso: CountryCode! = "JP") {
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

/**
 * A browser visit for GraphiQL: a GET that accepts HTML. Yoga answers it with the page whatever the
 * query string holds (GraphiQL writes the query being edited into the address, so a reload carries
 * one), and the page needs no key: the browser sends none on a visit.
 */
export function isGraphiQLVisit(method: string | undefined, accept: string | null | undefined): boolean {
  return method === 'GET' && (accept ?? '').includes('text/html');
}

/**
 * The key field and GraphiQL's fetcher. The key is stored in this browser's localStorage and sent as
 * X-API-Key with every request GraphiQL makes (unless its headers editor sends one); "Use key" asks
 * for the schema again, leaving the tabs as they are. A tab with no query (nothing but comments and
 * white space) is not sent: it is answered with a line saying so, where GraphiQL's parser threw.
 * A reload opens the tab that was open (given no query, GraphiQL adds an empty one).
 */
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
    var TABS = 'graphiql:tabState';
    var NO_QUERY = 'This tab holds no query to run: write one, or open one of the example tabs.';

    function isEmptyDocument(text) {
      return !text || text.replace(/#[^\\n\\r]*/g, '').trim() === '';
    }
    function answerOf(response) {
      return response.text().then(function (text) {
        try {
          return JSON.parse(text);
        } catch (e) {
          return { errors: [{ message: 'The server answered ' + response.status + ' without JSON.' }] };
        }
      });
    }
    function fetcher(params, options) {
      if (isEmptyDocument(params.query)) return Promise.resolve({ errors: [{ message: NO_QUERY }] });
      var headers = Object.assign({}, options && options.headers);
      var key = localStorage.getItem(STORE);
      var sent = Object.keys(headers).some(function (name) { return name.toLowerCase() === 'x-api-key'; });
      if (key && !sent) headers['X-API-Key'] = key;
      headers['Content-Type'] = 'application/json';
      headers.Accept = 'application/json';
      return fetch(location.pathname, { method: 'POST', headers: headers, body: JSON.stringify(params) }).then(answerOf, function (err) {
        return { errors: [{ message: 'The server could not be reached (' + err.message + ').' }] };
      });
    }
    function lastTab() {
      try {
        var state = JSON.parse(localStorage.getItem(TABS));
        return state.tabs[state.activeTabIndex] || null;
      } catch (e) {
        return null;
      }
    }
    // Called by the page in place of YogaGraphiQL.renderYogaGraphiQL (graphiqlPage below).
    window.renderTourismGraphiQL = function (yoga, root, options) {
      var asked = new URL(location.href).searchParams.get('query');
      var tab = lastTab();
      var reopen = tab && (!asked || asked === tab.query) ? { query: tab.query || '', variables: tab.variables || '' } : {};
      yoga.renderYogaGraphiQL(root, Object.assign({}, options, reopen, { fetcher: fetcher }));
    };

    window.addEventListener('DOMContentLoaded', function () {
      var bar = document.createElement('form');
      bar.id = 'api-key-bar';
      bar.innerHTML = '<label for="api-key">API key</label>' +
        '<input id="api-key" name="api-key" type="password" autocomplete="off" placeholder="X-API-Key">' +
        '<button type="submit">Use key</button>' +
        '<span class="hint" role="status">Kept in this browser only; the schema is asked for again with it.</span>';
      var input = bar.querySelector('input');
      var hint = bar.querySelector('.hint');
      input.value = localStorage.getItem(STORE) || '';
      bar.addEventListener('submit', function (e) {
        e.preventDefault();
        var key = input.value.trim();
        if (key) localStorage.setItem(STORE, key);
        else localStorage.removeItem(STORE);
        var refetch = document.querySelector('.graphiql-sidebar button[aria-label^="Re-fetch GraphQL schema"]');
        if (refetch) refetch.click();
        hint.textContent = key ? 'Key kept in this browser; the schema was asked for with it.' : 'No key: GraphiQL asks without one.';
      });
      document.body.insertBefore(bar, document.body.firstChild);
    });
  })();
</script>
`;

/** The page's call that starts GraphiQL, which goes through renderTourismGraphiQL instead (the key bar's script). */
const YOGA_RENDER_CALL = 'YogaGraphiQL.renderYogaGraphiQL(';

/** Yoga's page with the key bar in its head and GraphiQL started with our fetcher. */
function withKeyBar(html: string): string {
  const at = html.lastIndexOf(YOGA_RENDER_CALL);
  if (at < 0) throw new Error(`the GraphiQL page of @graphql-yoga/render-graphiql no longer calls ${YOGA_RENDER_CALL}: the key bar cannot start it`);
  const started = `${html.slice(0, at)}renderTourismGraphiQL(YogaGraphiQL, ${html.slice(at + YOGA_RENDER_CALL.length)}`;
  return started.replace('</head>', `${KEY_BAR}</head>`);
}

let page: Promise<string> | undefined;
/** The page's policy, made with the page (its inline scripts' hashes); null before the first visit. */
let pageCsp: string | null = null;

/**
 * The policy of the page: its two inline scripts by hash (Yoga's bundle and the key bar), the
 * editor's workers as blob: URLs it makes, inline styles (the editor adds style elements as it
 * draws), data: icons and fonts, /graphql on this origin; no page may frame it (the key is in its
 * localStorage).
 */
export function graphiqlCsp(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  return ["default-src 'none'", `script-src ${hashes.join(' ')}`, 'worker-src blob:', "img-src 'self' data: blob:", ...PAGE_CSP_TAIL].join('; ');
}

/**
 * The page, built once: the options never change. The bundle is imported on the first visit, not at
 * start: its module text and the page it renders are large, which a service nobody explores should
 * not carry.
 */
export function graphiqlPage(options: GraphiQLOptions): Promise<string> {
  page ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => {
    const html = withKeyBar(renderGraphiQL(options));
    pageCsp = graphiqlCsp(html);
    return html;
  });
  return page;
}

/** Yoga plugin: GraphiQL's page goes out with its policy, no type sniffing and no framing. */
export function useGraphiQLHeaders(): Plugin {
  return {
    onResponse({ response }) {
      if (!pageCsp || !response.headers.get('content-type')?.startsWith('text/html')) return;
      response.headers.set('Content-Security-Policy', pageCsp);
      response.headers.set('X-Content-Type-Options', 'nosniff');
      response.headers.set('X-Frame-Options', 'DENY');
    },
  };
}
