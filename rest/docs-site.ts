/**
 * /docs, its guides and /openapi.json, open without a key. The API reference is Swagger UI from the
 * installed swagger-ui-dist package (served from node_modules: nothing from a CDN), reading
 * /openapi.json, whose examples are answers of the served release, computed once per release.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HEADLINE_RULE } from '../src/domain/headline';
import { DATING_RULE } from '../src/domain/release-dating';
import { PLANS, type Plan } from '../src/domain/types';
import { ERROR_MEANING, ERROR_STATUS, type ErrorCode } from '../src/errors';
import { exampleRequest } from './examples';
import { GUIDES } from './guides';
import type { Envelope } from './route-run';
import { escapeHtml, renderMarkdown } from './markdown';
import { openApiDocument, type Example } from './openapi';
import { DEFAULT_RATES } from '../src/auth/rate-limit';
import type { AnyRoute } from './route';

export interface DocsSiteDeps {
  routes: AnyRoute[];
  publicBaseUrl: string;
  /** The JSON answer of a request on a plan (the REST handler's). */
  answer: (path: string, query: string, plan: Plan) => Promise<Envelope>;
  /** The served release's data version, null before one is loaded. */
  dataVersion: () => string | null;
  log: (line: string) => void;
}

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Starts Swagger UI on the page; a link to an error's anchor scrolls there once the reference has rendered. */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: false,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () {
      var target = location.hash && document.getElementById(location.hash.slice(1));
      if (target) target.scrollIntoView();
    },
  });
});
`;

const STYLE = `body{font:15px/1.55 system-ui,sans-serif;margin:0;color:#1b1b1b}
.site{max-width:1460px;margin:0 auto;padding:.75rem 20px;box-sizing:border-box}
.bar{border-bottom:1px solid #e5e5e5}.bar .home{font-weight:700;margin-right:1.5rem;color:inherit;text-decoration:none}.bar a{margin-right:.9rem;white-space:nowrap}
.site table{border-collapse:collapse;margin:.5rem 0 1rem}.site td,.site th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.site pre{background:#f5f5f5;padding:.75rem;overflow:auto;border-radius:4px}.site code{font-size:.92em}`;

function errorTable(): string {
  return `<table><tr><th>Status</th><th>Code</th><th>When</th></tr>${(Object.keys(ERROR_STATUS) as ErrorCode[])
    .map((c) => `<tr id="error-${c}"><td>${ERROR_STATUS[c]}</td><td><code>${c}</code></td><td>${escapeHtml(ERROR_MEANING[c])}</td></tr>`)
    .join('')}</table>`;
}

/** Each plan's default rate and the endpoints it opens (its own and those of the plans below). */
function planTable(routes: AnyRoute[]): string {
  return `<table><tr><th>Plan</th><th>Requests per minute (default)</th><th>Endpoints it adds</th></tr>${PLANS.map(
    (plan) =>
      `<tr><td><code>${plan}</code></td><td>${DEFAULT_RATES[plan]}</td><td>${routes
        .filter((r) => r.plan === plan)
        .map((r) => `<code>${escapeHtml(r.path)}</code>`)
        .join(', ')}</td></tr>`,
  ).join('')}</table>`;
}

function page(title: string, body: string, scripts = ''): string {
  const nav = GUIDES.map((g) => `<a href="/docs/guides/${g.slug}">${escapeHtml(g.title)}</a>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/docs/assets/favicon-32x32.png"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"><style>${STYLE}</style></head>
<body><header class="site bar"><a class="home" href="/docs">Tourism Statistics API</a>
<nav aria-label="Guides" style="display:inline">${nav}<a href="/openapi.json">OpenAPI</a><a href="/graphql">GraphQL</a></nav></header>
${body}${scripts}</body></html>`;
}

/**
 * /openapi.json, made once per data version with a real answer per route as its example (the
 * route's example request, asked on the route's own minimum plan).
 */
class OpenApiDocument {
  private made: { version: string | null; json: Promise<string> } | null = null;
  private examplesRetried: string | null = null;

  constructor(private readonly deps: DocsSiteDeps) {}

  private async examples(): Promise<Map<string, Example>> {
    const out = new Map<string, Example>();
    for (const route of this.deps.routes) {
      const { path: p, query } = exampleRequest(route);
      try {
        out.set(route.path, { request: query ? `${p}?${query}` : p, body: await this.deps.answer(p, query, route.plan) });
      } catch (err) {
        this.deps.log(`openapi example for ${route.path}: ${(err as Error).message}`);
      }
    }
    return out;
  }

  json(): Promise<string> {
    const version = this.deps.dataVersion();
    if (!this.made || this.made.version !== version) {
      const asked = version ? this.examples() : Promise.resolve(new Map<string, Example>());
      const json = asked.then((ex) => JSON.stringify(openApiDocument(this.deps.routes, this.deps.publicBaseUrl, ex)));
      const entry = { version, json };
      // A failure is not cached, nor (once) a document missing an example (an answer that failed, e.g.
      // past its time budget on a busy machine): the next request tries again.
      const forget = () => {
        if (this.made === entry) this.made = null;
      };
      json.catch(forget);
      void asked.then((ex) => {
        // Once per data version: an example that fails every time must not make each request ask them all again.
        if (ex.size < this.deps.routes.length && this.examplesRetried !== version) {
          this.examplesRetried = version;
          forget();
        }
      }, forget);
      this.made = entry;
    }
    return this.made.json;
  }
}

/**
 * What the pages load: Swagger UI's script and styles and init.js from this origin, the page's own
 * <style> and style attributes (Swagger UI sets styles as it renders), its data: icons and fonts,
 * and /openapi.json. Nothing else, and no page may frame them.
 */
/** What every page's policy ends with: this origin's styles, data: fonts, calls to this origin only, no framing. */
export const PAGE_CSP_TAIL = [
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

export const DOCS_CSP = ["default-src 'none'", "script-src 'self'", "img-src 'self' data:", ...PAGE_CSP_TAIL].join('; ');

/** The headers every /docs answer carries: the policy on pages, no type sniffing on any, no framing. */
export const PAGE_HEADERS = { 'Content-Security-Policy': DOCS_CSP, 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' } as const;

function send(req: IncomingMessage, res: ServerResponse, type: string, body: string | Buffer, cache = 'public, max-age=3600'): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': bytes.length, 'Cache-Control': cache, ...PAGE_HEADERS });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

export function createDocsSite(deps: DocsSiteDeps) {
  const inserts = { 'error-table': errorTable(), 'plan-table': planTable(deps.routes) };
  const docsHtml = page(
    'Tourism Statistics API',
    `<main id="swagger-ui"></main>
<section class="site"><h2 id="errors">Errors</h2><p>Every error is <code>{"error":{"code","message","plan","docs","request_id"}}</code>; see the <a href="/docs/guides/errors">errors guide</a>.</p>${inserts['error-table']}
<h2>Headline series</h2><p>${escapeHtml(HEADLINE_RULE)}</p>
<h2>When a figure counts as published</h2><p>${escapeHtml(DATING_RULE)}</p></section>`,
    '<script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script>',
  );
  const guides = new Map(GUIDES.map((g) => [g.slug, page(g.title, `<main class="site">${renderMarkdown(g.markdown, inserts)}</main>`)]));
  const assets = new Map<string, Buffer>();
  const openApi = new OpenApiDocument(deps);

  /**
   * Answers GET/HEAD of /openapi.json, /docs (and /), /docs/guides/NAME, /docs/init.js and
   * /docs/assets/FILE; returns the route template answered, or null when the path is not one of them.
   */
  return function handle(req: IncomingMessage, res: ServerResponse, urlPath: string, onError: (err: unknown) => void): string | null {
    if (urlPath === '/openapi.json') {
      openApi.json().then((json) => send(req, res, 'application/json; charset=utf-8', json), onError);
      return urlPath;
    }
    if (urlPath === '/docs' || urlPath === '/' || urlPath === '/docs/') {
      send(req, res, 'text/html; charset=utf-8', docsHtml);
      return '/docs';
    }
    if (urlPath === '/docs/init.js') {
      send(req, res, 'text/javascript; charset=utf-8', INIT_JS);
      return urlPath;
    }
    const guide = /^\/docs\/guides\/([\w-]+)$/.exec(urlPath);
    if (guide && guides.has(guide[1])) {
      send(req, res, 'text/html; charset=utf-8', guides.get(guide[1])!);
      return '/docs/guides/{name}';
    }
    const asset = /^\/docs\/assets\/([\w.-]+)$/.exec(urlPath);
    if (asset && ASSETS[asset[1]]) {
      let bytes = assets.get(asset[1]);
      if (!bytes) assets.set(asset[1], (bytes = fs.readFileSync(path.join(SWAGGER_DIR, asset[1]))));
      send(req, res, ASSETS[asset[1]], bytes, 'public, max-age=86400');
      return '/docs/assets/{file}';
    }
    return null;
  };
}
