/**
 * The one result cache: @envelop/response-cache caches each operation's result per data version,
 * day, plan, document and variables, for /graphql and /v1 alike (REST runs its fixed operations
 * through the same enveloped execute). This is its store, and the bodies a cached result has been sent
 * in hang off its entry (GraphQL's JSON bytes, a route's envelope or CSV, each compressed once per
 * coding), so a repeated request is written from bytes, and those bytes leave with their result.
 * One budget in bytes, least recently used out first, so no mix of callers grows memory past it;
 * a new release empties it, since no answer of the old one may be served again.
 */
import { createHash } from 'node:crypto';
import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import { print } from 'graphql';
import { useResponseCache, type Cache } from '@envelop/response-cache';
import type { Plugin } from '@envelop/core';
import { LRUCache } from 'lru-cache';
import type { GraphQLContext } from './context';

export interface Sized {
  /** Bytes it holds; what the budget counts. */
  bytes: number;
}

/** ANSWER_CACHE_MB sets the cache's budget; 32 MB holds thousands of typical answers. */
export function answerBudgetBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.ANSWER_CACHE_MB);
  return (Number.isFinite(mb) && mb >= 0 && env.ANSWER_CACHE_MB !== '' ? mb : 32) * 1024 * 1024;
}

/** A cached result and what it holds, as the budget counts it. */
export interface CacheEntry extends Sized {
  readonly key: string;
  readonly result: ExecutionResult;
  /** Whether a serialised body has been counted yet (the first one also stands for the result's own objects). */
  hasBody: boolean;
}

const CACHE_ENTRY = Symbol('cache entry');
/** The entries the store made: what a result's tag is checked against. */
const ENTRIES = new WeakSet<object>();

function isEntry(value: unknown): value is CacheEntry {
  return typeof value === 'object' && value !== null && ENTRIES.has(value);
}
/** A result as the store caches it: tagged with its entry, a tag copies made by later plugins carry. */
type Tagged = ExecutionResult & { [CACHE_ENTRY]?: CacheEntry };

/** Keys up to this length are cached as text (no hash for the queries people write); longer ones as a digest. */
const KEY_TEXT_MAX = 2048;

const today = { second: Number.NaN, day: '' };

/** The UTC day of `now`, computed once per second (a cached answer's lookup made it every request). */
function dayOf(now: Date): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== today.second) {
    today.second = second;
    today.day = now.toISOString().slice(0, 10);
  }
  return today.day;
}

/** What a result depends on besides its operation: the data version, the day and the plan. */
export function sessionKey(dataVersion: string, now: Date, plan: string): string {
  return `${dataVersion}|${dayOf(now)}|${plan}`;
}

/** Digests of the document texts seen, each text hashed once (a /v1 route's text is one string, whose hash V8 caches). */
const textDigests = new Map<string, string>();
const TEXT_DIGESTS_MAX = 4096;

/** A document's text as 27 characters, so a key is short whatever the query's length. */
function textDigest(text: string): string {
  let digest = textDigests.get(text);
  if (digest === undefined) {
    digest = createHash('sha1').update(text).digest('base64url');
    if (text.length <= KEY_TEXT_MAX) {
      if (textDigests.size >= TEXT_DIGESTS_MAX) textDigests.clear();
      textDigests.set(text, digest);
    }
  }
  return digest;
}

/**
 * The key of an operation's result: its session (the data version first, which the store follows),
 * operation name, variables and the digest of its document text (a key of the whole text was
 * flattened and hashed on every lookup, a noticeable part of a cached /v1 answer); past KEY_TEXT_MAX characters
 * (long variables) the part after the version is a SHA-256 (a budget counts a key's length).
 */
export function resultKey(session: string, documentText: string, operationName: string | null | undefined, variables: unknown): string {
  return joinResultKey(session, resultKeyTail(documentText, operationName, variables));
}

/** What a result key holds after its session: the same for a request repeated in any session (/v1 caches it per target). */
export function resultKeyTail(documentText: string, operationName: string | null | undefined, variables: unknown): string {
  return `|${operationName ?? ''}|${JSON.stringify(variables ?? {})}|${textDigest(documentText)}`;
}

/** A session's key for a result key tail: the text itself, or past KEY_TEXT_MAX the version and a SHA-256. */
export function joinResultKey(session: string, tail: string): string {
  const text = session + tail;
  if (text.length <= KEY_TEXT_MAX) return text;
  const version = session.slice(0, session.indexOf('|'));
  return `${version}|sha256:${createHash('sha256').update(text).digest('base64url')}`;
}

function versionOf(key: string): string {
  return key.slice(0, key.indexOf('|'));
}

/** Keys remembered as asked once (their digests): a composed query is cached from its second ask. */
const ASKED_REMEMBERED = 20_000;

export class ResultStore implements Cache {
  private readonly lru: LRUCache<string, CacheEntry> | null;
  private readonly askedOnce = new LRUCache<string, true>({ max: ASKED_REMEMBERED });
  private version = '';

  constructor(budgetBytes: number) {
    // An entry larger than an eighth of the budget is not cached: one caller's huge answers cannot flush everyone's.
    this.lru =
      budgetBytes > 0
        ? new LRUCache<string, CacheEntry>({ maxSize: budgetBytes, maxEntrySize: Math.max(1, Math.floor(budgetBytes / 8)), sizeCalculation: (v) => Math.max(1, v.bytes) })
        : null;
  }

  get enabled(): boolean {
    return this.lru !== null;
  }

  /** The cached entry under a key (the paths that answer before an execution look here). */
  entry(key: string): CacheEntry | undefined {
    this.follow(versionOf(key));
    return this.lru?.get(key);
  }

  get(key: string): ExecutionResult | undefined {
    return this.entry(key)?.result;
  }

  set(key: string, result: Tagged): void {
    if (!this.lru) return;
    const entry: CacheEntry = { key, result, bytes: 2 * key.length + 256, hasBody: false };
    ENTRIES.add(entry);
    result[CACHE_ENTRY] = entry;
    this.follow(versionOf(key));
    this.lru.set(key, entry);
  }

  /**
   * Whether a result asked under `key` is to be cached: from its second ask. Keeping costs the response
   * cache a walk of the whole result (it clones it to strip the fields it added), as long again
   * as a small execution; a composed query asked once, as most one-off queries are, pays none.
   */
  admits(key: string): boolean {
    const digest = createHash('sha1').update(key).digest('base64url');
    if (this.askedOnce.has(digest)) return true;
    this.askedOnce.set(digest, true);
    return false;
  }

  /** Nothing to do: a release is read-only, and a new one changes every key's version. */
  invalidate(): void {}

  /** The entry a result was cached as, if it was (any object: Yoga's and envelop's result types differ). */
  static entryOf(result: object): CacheEntry | undefined {
    if (!(CACHE_ENTRY in result)) return undefined;
    const tag = result[CACHE_ENTRY];
    return isEntry(tag) ? tag : undefined;
  }

  /** An entry that took on `added` bytes (a serialised body, a compressed one), cached again so the budget counts them. */
  grew(entry: CacheEntry, added: number): void {
    entry.bytes += added;
    if (this.lru?.peek(entry.key) === entry) this.lru.set(entry.key, entry);
  }

  /** Bytes used now (for tests and docs/performance.md). */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  private follow(dataVersion: string): void {
    if (dataVersion !== this.version) {
      this.lru?.clear();
      this.version = dataVersion;
    }
  }
}

/**
 * One surface's bodies of cached results (GraphQL's bytes per Accept, a route's per path and query),
 * stored per entry, so they are dropped with it and counted in its budget.
 */
export class BodyCache<F extends Sized> {
  private readonly byEntry = new WeakMap<CacheEntry, Map<string, F>>();

  constructor(private readonly store: ResultStore) {}

  get(entry: CacheEntry, name: string): F | undefined {
    return this.byEntry.get(entry)?.get(name);
  }

  set(entry: CacheEntry, name: string, body: F): void {
    let bodies = this.byEntry.get(entry);
    if (!bodies) this.byEntry.set(entry, (bodies = new Map()));
    bodies.set(name, body);
    // The first body's size also stands for the result's own objects, which the store cannot weigh.
    this.store.grew(entry, entry.hasBody ? body.bytes : 2 * body.bytes);
    entry.hasBody = true;
  }

  /** A body that took on bytes (a compressed copy made later). */
  grew(entry: CacheEntry, body: F, added: number): void {
    body.bytes += added;
    this.store.grew(entry, added);
  }
}

const printed = new WeakMap<DocumentNode, string>();

/** A fixed operation's text (a /v1 route's), printed once. */
export function documentText(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) printed.set(document, (text = print(document)));
  return text;
}

/** The document's text: as sent, on /graphql (Yoga's params); a fixed operation's printed text otherwise. */
function documentTextOf(args: ExecutionArgs): string {
  const context: unknown = args.contextValue;
  if (typeof context === 'object' && context !== null && 'params' in context) {
    const { params } = context;
    if (typeof params === 'object' && params !== null && 'query' in params && typeof params.query === 'string') return params.query;
  }
  return documentText(args.document);
}

/** The key the surface that took the request computed (GraphQLContext.resultKey), if it did. */
function keyGivenIn(context: unknown): string | undefined {
  return typeof context === 'object' && context !== null && 'resultKey' in context && typeof context.resultKey === 'string' ? context.resultKey : undefined;
}

/**
 * Queries costing more than this are not cached: their results are large and the response cache walks a
 * result once more, in one piece, to keep it (a stall of its own); they are rarely asked twice alike.
 */
export const KEEP_COST_MAX = 20_000;

/**
 * @envelop/response-cache over the store. Listed after the execution queue and the time budget, so
 * a cached result is answered without waiting for a turn. A result with errors, or one that holds
 * `rateLimit` (different on every request), is not cached.
 */
export function useResultCache(store: ResultStore): Plugin<GraphQLContext> {
  return useResponseCache<GraphQLContext>({
    cache: store,
    session: (ctx) => sessionKey(ctx.snapshot.dataVersion, ctx.now, ctx.plan),
    // A route's fixed operation is cached at once (routes are asked again and again); a composed query
    // from its second ask, which /graphql decided when it looked the key up (useCachedBodies).
    enabled: (ctx) => store.enabled && (ctx.cost ?? 0) <= KEEP_COST_MAX && (ctx.route !== undefined || ctx.keepResult === true),
    // The key the surface looked up before executing, when it gave one, so it is not computed again.
    buildResponseCacheKey: ({ context, documentString, operationName, variableValues, sessionId }) =>
      keyGivenIn(context) ?? resultKey(sessionId ?? '', documentString, operationName, variableValues),
    getDocumentString: documentTextOf,
    shouldCacheResult: ({ result }) => !result.errors?.length,
    ttlPerSchemaCoordinate: { 'Query.rateLimit': 0 },
    idFields: [],
    invalidateViaMutation: false,
    includeExtensionMetadata: false,
  });
}
