/**
 * Webhook subscriptions, in DATA_DIR/webhooks.json (mode 0600). Each secret is stored as it is, not
 * hashed: the service signs every event with it. DATA_DIR/webhooks-announced names the newest
 * release already announced, so a restart neither repeats an event nor misses a release built
 * while the service was down. The two are separate files because the CLI writes the first and the
 * service the second: neither can overwrite the other's change.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../db/atomic-file';
import { internalTargetProblem } from '../ingest/fetch/public-address';

export interface Subscription {
  id: string;
  /** Where events are POSTed. */
  url: string;
  /** Only releases that updated this country's series, and only its series; null: every release. */
  country: string | null;
  /** The HMAC-SHA256 key of X-Signature. */
  secret: string;
  createdAt: string;
}

const subscriptionsFile = (dataDir: string) => path.join(dataDir, 'webhooks.json');
const announcedFile = (dataDir: string) => path.join(dataDir, 'webhooks-announced');

/** Written whole, owner-only: it holds the signing secrets. */
function writePrivate(file: string, text: string): void {
  writeFileAtomically(file, text, 0o600);
}

export function readSubscriptions(dataDir: string): Subscription[] {
  let text: string;
  try {
    text = fs.readFileSync(subscriptionsFile(dataDir), 'utf8');
  } catch {
    return [];
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`${subscriptionsFile(dataDir)} does not hold a list of subscriptions`);
  return parsed.filter(isSubscription);
}

function isSubscription(value: unknown): value is Subscription {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.url === 'string' &&
    (v.country === null || typeof v.country === 'string') &&
    typeof v.secret === 'string' &&
    typeof v.createdAt === 'string'
  );
}

/** The URL as a receiver: http or https, no credentials in it (they would be logged with each delivery). */
export function checkReceiverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`a webhook URL must be http or https: ${text}`);
  if (url.username || url.password) throw new Error('a webhook URL must not carry a user name or password');
  return url.href;
}

/**
 * Adds a receiver. One on a loopback, private or link-local address or an internal name (a cloud's
 * metadata service, a database on localhost) is rejected unless the operator allows such targets
 * (`allowPrivate`, TOURISM_WEBHOOKS_ALLOW_PRIVATE=1): the service would otherwise POST inside its own network.
 */
export async function addSubscription(dataDir: string, url: string, country: string | null, options: { allowPrivate: boolean; now?: Date }): Promise<Subscription> {
  const code = country?.toUpperCase() ?? null;
  if (code !== null && !/^[A-Z]{2}$/.test(code)) throw new Error(`--country takes an ISO 3166 two-letter code: ${country}`);
  const href = checkReceiverUrl(url);
  const internal = options.allowPrivate ? null : await internalTargetProblem(href);
  if (internal) throw new Error(`a webhook URL must reach the public internet: ${internal} (TOURISM_WEBHOOKS_ALLOW_PRIVATE=1 allows it)`);
  const now = options.now ?? new Date();
  const subscription: Subscription = {
    id: `wh_${randomBytes(6).toString('hex')}`,
    url: href,
    country: code,
    secret: `whsec_${randomBytes(32).toString('base64url')}`,
    createdAt: now.toISOString(),
  };
  writePrivate(subscriptionsFile(dataDir), `${JSON.stringify([...readSubscriptions(dataDir), subscription], null, 2)}\n`);
  return subscription;
}

/** Whether a subscription of that id was there to remove. */
export function removeSubscription(dataDir: string, id: string): boolean {
  const all = readSubscriptions(dataDir);
  const remaining = all.filter((s) => s.id !== id);
  if (remaining.length === all.length) return false;
  writePrivate(subscriptionsFile(dataDir), `${JSON.stringify(remaining, null, 2)}\n`);
  return true;
}

/** The newest release version already announced; null before the first. */
export function readAnnounced(dataDir: string): string | null {
  try {
    return fs.readFileSync(announcedFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function writeAnnounced(dataDir: string, version: string): void {
  writePrivate(announcedFile(dataDir), `${version}\n`);
}
