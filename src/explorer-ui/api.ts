/**
 * The explorer's one way to the data: POST /graphql on this origin with the visitor's key as
 * X-API-Key (files to download, /v1 answers and bulk files, are fetched the same way, keyed). The key is stored in this browser's localStorage under the name GraphiQL uses, so a key
 * given on either page serves both.
 */
import type { TypedDocumentString } from '../generated/explorer-operations';

export const KEY_STORE = 'tourism-api-key';

export function storedKey(): string | null {
  return localStorage.getItem(KEY_STORE);
}

export function storeKey(key: string): void {
  if (key) localStorage.setItem(KEY_STORE, key);
  else localStorage.removeItem(KEY_STORE);
}

export interface ApiError {
  message: string;
  path?: readonly (string | number)[];
  extensions?: { code?: string; plan?: string };
}

export interface Answer<T> {
  data: T | null;
  errors: ApiError[];
}

interface Body<T> {
  data?: T | null;
  errors?: ApiError[];
}

/** Runs one query; a network fault or a non-JSON answer comes back as an error, never a throw. */
export async function ask<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<Answer<T>> {
  const key = storedKey();
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(key ? { 'X-API-Key': key } : {}) },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
    const body: Body<T> = await response.json().catch(() => ({ errors: [{ message: `The server answered ${response.status} without JSON.` }] }));
    return { data: body.data ?? null, errors: body.errors ?? [] };
  } catch (err) {
    return { data: null, errors: [{ message: `The server could not be reached (${err instanceof Error ? err.message : String(err)}).` }] };
  }
}

/** The plan a plan_required error of the answer names, if any. */
export function planRequired(answer: Answer<unknown>): string | null {
  const error = answer.errors.find((e) => e.extensions?.code === 'plan_required');
  return error ? (error.extensions?.plan ?? 'a higher') : null;
}

/** Whether the key was rejected (missing, unknown or revoked). */
export function keyRejected(answer: Answer<unknown>): boolean {
  return answer.errors.some((e) => e.extensions?.code === 'missing_api_key' || e.extensions?.code === 'invalid_api_key');
}

/**
 * A file of this origin fetched with the visitor's key and handed to `save`; the error body's
 * message when it is rejected (plan_required names the plan), or null once saved.
 */
export async function fetchKeyed(url: string, save: (blob: Blob) => void): Promise<string | null> {
  const key = storedKey();
  try {
    const response = await fetch(url, { headers: key ? { 'X-API-Key': key } : {} });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      return body?.error?.message ?? `The server answered ${response.status}.`;
    }
    save(await response.blob());
    return null;
  } catch (err) {
    return `The server could not be reached (${err instanceof Error ? err.message : String(err)}).`;
  }
}
