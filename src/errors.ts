/** The error body and status/code table of DECISIONS.md. */
import { maxHeaderSize } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Plan } from './domain/types';

/** The most a request body may hold (POST /graphql): src/server/request-body.ts reads no more. */
export const MAX_BODY_BYTES = 1_000_000;

export const ERROR_STATUS = {
  invalid_parameter: 400,
  unknown_parameter: 400,
  malformed_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  plan_required: 403,
  unknown_country: 404,
  unknown_series: 404,
  unknown_region: 404,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  data_unavailable: 503,
  timeout: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in ERROR_STATUS;
}

export const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_parameter: 'A parameter has a bad value: period, freq, limit outside 1..1000, unknown measure, bad currency, or a format not offered.',
  unknown_parameter: 'A query parameter the endpoint does not take.',
  malformed_request: 'The request is not well-formed HTTP/1.1; the connection is closed after this answer.',
  missing_api_key: 'No X-API-Key header.',
  invalid_api_key: 'The key is unknown or revoked.',
  plan_required: "The key is valid but its plan is below the endpoint's minimum.",
  unknown_country: 'An ISO code that is not held.',
  unknown_series: 'A series id or alias that is not held.',
  unknown_region: 'A region slug that is not held.',
  not_found: 'No such route, or no such release or bulk file.',
  method_not_allowed: 'The method is not served at this path (see the Allow header): GET and HEAD on /v1, GET and POST on /graphql.',
  not_acceptable: 'The Accept header allows none of the types /graphql answers in: application/json and application/graphql-response+json.',
  request_timeout: 'The request did not arrive in full in time; the connection is closed after this answer.',
  payload_too_large: `The request body is over the ${MAX_BODY_BYTES / 1_000_000} MB limit (POST /graphql); it was read and discarded, and the connection is closed after this answer.`,
  unsupported_media_type: 'POST /graphql reads a body sent as application/json (also application/graphql+json, form data); the Content-Type sent is none of these.',
  range_not_satisfiable: "A bulk file's Range asks for bytes beyond its end (see the Content-Range header: bytes */<size>).",
  rate_limited: "Over the plan's request rate; retry after Retry-After seconds.",
  headers_too_large: `The request line and headers are over ${maxHeaderSize / 1024} kB together (a very long URL, or a large header); the connection is closed after this answer.`,
  internal_error: 'A fault on our side; it is logged with the request id.',
  data_unavailable: 'No data release is loaded yet.',
  timeout: 'The answer took longer than its time budget (EXECUTION_BUDGET_MS, 10 s by default) and its work was stopped; ask for less at once, or try again when the service is less busy.',
};

/** The body of every error answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** The minimum plan of the endpoint asked for (free for unknown routes). */
    plan: Plan;
    /**
     * This error's documentation.
     * @format uri
     */
    docs: string;
    request_id: string;
  };
}

/**
 * The one error type, from resolvers to both surfaces: a GraphQLError whose `extensions.code` is a
 * code of the table above (with `details` beside it, e.g. the plan a field needs), so GraphQL callers
 * read it in `errors` and REST writes the error body from it; its HTTP status follows from the code.
 * `headers` go on a REST answer that rejects with it (Retry-After, Allow).
 */
export class ApiError extends GraphQLError {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    // A error is no fault: it carries no stack trace (capturing one was half of its cost, paid by
    // every request rejected in a flood of them).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message, { extensions: { code, ...details } });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.code = code;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The error an execution's error carries: an ApiError a resolver threw, which graphql-js locates in an error of its own. */
  static of(error: GraphQLError): ApiError | undefined {
    if (error instanceof ApiError) return error;
    return error.originalError instanceof ApiError ? error.originalError : undefined;
  }
}

/** The errors of what is not present, one wording for both surfaces (the resolvers throw them). */
export const notFound = {
  country: (code: string) => new ApiError('unknown_country', `No country ${code.slice(0, 60)} is held.`),
  series: (id: string) => new ApiError('unknown_series', `No series ${id.slice(0, 80)} is held.`),
  region: (slug: string) => new ApiError('unknown_region', `No region ${slug.slice(0, 60)} is held; see /v1/regions.`),
};

export function docsUrl(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl}/docs#error-${code}`;
}

export function errorObject(err: ApiError, plan: Plan, baseUrl: string, requestId: string): ErrorBody {
  return { error: { code: err.code, message: err.message, plan, docs: docsUrl(baseUrl, err.code), request_id: requestId } };
}

export function errorBody(err: ApiError, plan: Plan, baseUrl: string, requestId: string): string {
  return JSON.stringify(errorObject(err, plan, baseUrl, requestId));
}

/**
 * A error on /graphql: the error body, and the same error as GraphQL's `errors` list, which
 * GraphQL clients read (GraphiQL's first introspection without a key then says "missing API key").
 */
export function graphqlErrorBody(err: ApiError, plan: Plan, baseUrl: string, requestId: string): string {
  return JSON.stringify({ ...errorObject(err, plan, baseUrl, requestId), errors: [{ message: err.message, extensions: { code: err.code } }] });
}
