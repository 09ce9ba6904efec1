/**
 * The explorer in the browser: reads the address, draws its view from /graphql with the visitor's
 * key, and marks the page ready (body[data-ready], performance mark 'explorer-ready') when every
 * part has answered.
 */
import 'uplot/dist/uPlot.min.css';
import './explorer.css';
import { storedKey, storeKey } from './api';
import { h } from './dom';
import { compareView } from './views/compare';
import { countryView } from './views/country';
import { homeView } from './views/home';
import { seriesView } from './views/series';

type View = (main: HTMLElement) => Promise<void>;

function viewFor(path: string): View | null {
  if (/^\/explore\/?$/.test(path)) return homeView;
  const country = /^\/explore\/countries\/([A-Za-z]{2})$/.exec(path);
  if (country) return (main) => countryView(main, country[1].toUpperCase());
  const series = /^\/explore\/series\/([^/]+)$/.exec(path);
  if (series) return (main) => seriesView(main, decodeURIComponent(series[1]));
  if (path === '/explore/compare') return compareView;
  return null;
}

function noKey(): HTMLElement {
  return h(
    'div',
    { class: 'no-key', id: 'no-key' },
    h('h1', {}, 'An API key opens the figures'),
    h('p', {}, 'Every figure here comes from this service’s GraphQL API, which asks for a key in the X-API-Key header. Paste yours in the field above: it is kept in this browser only, and GraphiQL at ', h('a', { href: '/graphql' }, '/graphql'), ' uses the same one.'),
    h('p', {}, 'Keys are made by whoever runs the service: see ', h('a', { href: '/docs/guides/keys' }, 'Getting a key'), '. What each plan opens: ', h('a', { href: '/docs/guides/plans' }, 'Plans'), '.'),
  );
}

let rendering = 0;

async function render(): Promise<void> {
  const turn = ++rendering;
  const main = document.getElementById('main');
  if (!main) return;
  document.body.dataset.ready = 'false';
  const focused = document.activeElement?.id;
  const view = viewFor(location.pathname);
  if (!view) main.replaceChildren(h('h1', {}, 'No such page'), h('p', {}, h('a', { href: '/explore' }, 'Back to the explorer')));
  else if (!storedKey()) main.replaceChildren(noKey());
  else await view(main);
  if (turn !== rendering) return;
  // A control that redrew the view (a vintage, the compare mode) is drawn anew: focus goes back to
  // its successor, not to the top of the page.
  if (focused) document.getElementById(focused)?.focus();
  document.body.dataset.ready = 'true';
  performance.mark('explorer-ready');
}

function keyForm(): void {
  const form = document.getElementById('key-form');
  const input = document.getElementById('api-key');
  if (!(form instanceof HTMLFormElement) || !(input instanceof HTMLInputElement)) return;
  input.value = storedKey() ?? '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    storeKey(input.value.trim());
    void render();
  });
}

keyForm();
window.addEventListener('popstate', () => void render());
void render();
