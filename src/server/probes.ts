/**
 * /healthz, /readyz and /metrics: no key, since load balancers, orchestrators and scrapers call
 * them; /metrics is off the public surface unless the operator opens it (release, routes and heap
 * are theirs).
 */
import type http from 'node:http';
import type { RequestTag } from '../../rest/request-tag';
import type { DataStore } from '../db/data-store';
import { ApiError } from '../errors';
import type { Config } from './config';
import { bearerMatches, type Metrics } from './metrics';
import type { PlainAnswers } from './plain-answers';

export interface ProbeDeps {
  store: DataStore;
  metrics: Metrics;
  access: Config['metrics'];
  answers: PlainAnswers;
  /** Whether the service is shutting down (/readyz is 503 then). */
  closing: () => boolean;
  /** The name of the release served, as its file names it. */
  servedRelease: () => string | null;
  log: (line: string) => void;
}

/** Answers a probe's path and says so; false for any other path. */
export function createProbes(deps: ProbeDeps): (req: http.IncomingMessage, res: http.ServerResponse, path: string, tag: RequestTag) => boolean {
  const { answers } = deps;
  const ready = (req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag) => {
    const snapshot = deps.store.current;
    if (deps.closing()) return answers.error(res, tag, new ApiError('data_unavailable', 'This instance is shutting down.'));
    if (!snapshot) return answers.error(res, tag, new ApiError('data_unavailable', 'No data release is loaded yet.'));
    answers.json(req, res, tag, 200, {
      status: 'ready',
      release: deps.servedRelease(),
      data_version: snapshot.dataVersion,
      data_as_of: snapshot.dataAsOf,
    });
  };
  const metrics = (req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag) => {
    const { token, public: open } = deps.access;
    if (token && !bearerMatches(req.headers.authorization, token)) {
      return answers.error(res, tag, new ApiError('invalid_api_key', 'Send the metrics token as "Authorization: Bearer <token>".'));
    }
    if (!token && !open) return answers.error(res, tag, new ApiError('not_found', 'No endpoint at /metrics.'));
    deps.metrics.text().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': deps.metrics.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err) => {
        deps.log(`metrics: ${String(err?.stack ?? err)}`);
        answers.error(res, tag, new ApiError('internal_error', 'Something went wrong on our side.'));
      },
    );
  };
  const probes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag) => void> = {
    '/healthz': (req, res, tag) => answers.json(req, res, tag, 200, { status: 'ok' }),
    '/readyz': ready,
    '/metrics': metrics,
  };
  return (req, res, path, tag) => {
    const probe = Object.hasOwn(probes, path) ? probes[path] : undefined;
    if (!probe) return false;
    tag.route = path;
    probe(req, res, tag);
    return true;
  };
}
