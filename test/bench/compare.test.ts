/**
 * bench:compare's request list reaches every /v1 route in each format the route offers, and its
 * comparison leaves out only what differs between two runs of the same code.
 */
import { expect, it } from 'vitest';
import { ROUTES } from '../../rest/routes';
import { compareAnswers, type Answer } from '../../src/bench/compare-answers';
import { compareAsks } from '../../src/bench/compare-requests';

const asks = compareAsks('2026-04-20');

/** The route template a request path falls under: the same text, else the template whose {parameters} match. */
function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0];
  const matches = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare);
  return (ROUTES.find((r) => r.path === bare) ?? ROUTES.find((r) => matches(r.path)))?.path;
}

it('asks every /v1 route, in JSON and each other format it offers', () => {
  const formatsAsked = new Map<string, Set<string>>();
  for (const a of asks) {
    if (a.method !== 'GET' || a.caller === 'none' || a.caller === 'unknown') continue;
    const template = templateOf(a.path);
    if (!template) continue;
    const format = new URLSearchParams(a.path.split('?')[1] ?? '').get('format') ?? 'json';
    formatsAsked.set(template, (formatsAsked.get(template) ?? new Set()).add(format));
  }
  const missing: string[] = [];
  for (const route of ROUTES) {
    const offered = ['json', ...(route.csv ? ['csv'] : []), ...(route.dataset ? ['jsonstat', 'sdmx-csv'] : [])];
    for (const format of offered) if (!formatsAsked.get(route.path)?.has(format)) missing.push(`${route.path} ${format}`);
  }
  expect(missing).toEqual([]);
});

it('names each request once, so a difference says which request it was', () => {
  const labels = asks.map((a) => a.label);
  expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
});

const answer = (headers: [string, string][], body: string, status = 200): Answer => ({ status, headers, body: Buffer.from(body) });

it('leaves out the clock, the connection and the ids a process makes itself; reports the rest', () => {
  const a = answer(
    [['date', 'Sat, 28 Nov 2026 08:20:30 GMT'], ['ratelimit-reset', '60'], ['keep-alive', 'timeout=10'], ['x-request-id', 'req_7fVYuzTk9z']],
    '{"error":{"request_id":"req_7fVYuzTk9z"}}',
  );
  const b = answer(
    [['date', 'Sat, 28 Nov 2026 08:20:31 GMT'], ['ratelimit-reset', '59'], ['keep-alive', 'timeout=5'], ['x-request-id', 'req_6y0XP-868b']],
    '{"error":{"request_id":"req_6y0XP-868b"}}',
  );
  expect(compareAnswers('r', a, b)).toEqual([]);
  // A made id one digit longer on one side: its Content-Length is not a difference, another length is.
  const sized = (body: string) => answer([['content-length', String(Buffer.byteLength(body))]], body);
  const longer = sized('{"error":{"request_id":"req_7fVYuzTk9z1"}}');
  expect(compareAnswers('r', longer, sized('{"error":{"request_id":"req_6y0XP-868b"}}'))).toEqual([]);
  expect(compareAnswers('r', longer, sized('{"error":{"request_id":"req_6y0XP-868b"}}  ')).map((d) => d.what)).toEqual(['header content-length', 'body']);

  const c = answer([['content-type', 'application/json'], ['x-request-id', 'cmp-1']], '{"data":[{"period":"2024-01","value":1}]}');
  const d = answer([['x-request-id', 'req_6y0XP-868b']], '{"data":[{"period":"2024-01","value":2}]}', 400);
  expect(compareAnswers('r', c, d)).toEqual([
    { request: 'r', what: 'status', baseline: '200', new: '400' },
    { request: 'r', what: 'header content-type', baseline: 'application/json', new: '(absent)' },
    { request: 'r', what: 'header x-request-id', baseline: 'cmp-1', new: 'req_6y0XP-868b' },
    { request: 'r', what: 'body', baseline: '41 bytes', new: '41 bytes', excerpt: '.data[0].value: 1 → 2' },
  ]);
});

it('takes GraphQL errors in another order as the same answer, and other members in another order as different', () => {
  const a = answer([], '{"errors":[{"path":["a1"]},{"path":["a2"]}],"data":{"a1":null,"a2":null}}');
  const b = answer([], '{"errors":[{"path":["a2"]},{"path":["a1"]}],"data":{"a1":null,"a2":null}}');
  expect(compareAnswers('r', a, b)).toEqual([]);
  const c = answer([], '{"data":{"a1":null,"a2":null},"errors":[{"path":["a1"]},{"path":["a2"]}]}');
  expect(compareAnswers('r', a, c).map((d) => d.what)).toEqual(['body']);
});
