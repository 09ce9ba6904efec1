/** Answers written straight to node:http, outside REST and GraphQL: probes, errors before routing. */
import type http from 'node:http';
import type { RequestTag } from '../../rest/request-tag';
import { errorBody, type ApiError } from '../errors';

export interface PlainAnswers {
  /** The error body of DECISIONS.md, with the error's status and headers. */
  error: (res: http.ServerResponse, tag: RequestTag, err: ApiError) => void;
  /** A JSON body that no cache keeps (nothing for HEAD). */
  json: (req: http.IncomingMessage, res: http.ServerResponse, tag: RequestTag, status: number, body: unknown) => void;
}

export function plainAnswers(publicBaseUrl: string): PlainAnswers {
  return {
    error: (res, tag, err) => {
      res.writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': tag.id, ...err.headers });
      res.end(errorBody(err, 'free', publicBaseUrl, tag.id));
    },
    json: (req, res, tag, status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-Id': tag.id });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    },
  };
}
