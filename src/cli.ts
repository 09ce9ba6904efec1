/**
 * Command line: serve, ingest, publish, keys, webhooks, print-schema.
 *   serve [--sources DIR]     start the service; builds the data first when no release exists
 *                             (or takes the published one when RELEASE_FROM is set)
 *   ingest [--sources DIR]    build a new release (from the publishers, through DATA_DIR/cache, when
 *                             --sources is absent); rejected when a file is damaged or series vanished
 *                             (--allow-vanished accepts that); retained when the figures are unchanged;
 *                             --keep-releases N (default 3)
 *   refresh [--sources DIR]   one round of checks at the publishers: changed sources are fetched and a
 *                             release is built from them; nothing is parsed when none changed (DIR seeds
 *                             the files no fetch has brought yet); exit 1 when a source failed
 *   ingest … --publish DIR    … then publish it to DIR (below)
 *   publish DIR               copy the served release into a shared directory for replicas (RELEASE_FROM) and announce it
 *   keys create PLAN [LABEL] | keys list | keys revoke ID | keys rotate ID
 *   webhooks add URL [--country ISO] | webhooks list | webhooks remove ID
 *                             subscriptions to the release.published events (DATA_DIR/webhooks.json);
 *                             `add` prints the signing secret
 *   print-schema              write schema/schema.graphql from the code
 *   coverage                  whether each country's headline reaches the newest year present, and why not
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPlan } from './auth/keys-store';
import { loadConfig, type Config } from './server/config';
import { shareRelease, takeRelease } from './db/release-share';
import { currentReleaseFile } from './db/release-store';
import type { BuildOptions } from './ingest/build';
import { buildIsolated } from './ingest/isolated';
import { DEFAULT_HTTP } from './ingest/fetch/http';
import { refreshSources, type RefreshSummary } from './ingest/refresh';
import type { Announcement } from './server/bus';
import { ensureCanListen } from './server/listen';
import { createLogger, logIngest, logRefresh } from './server/logger';
import { openBus, openKeyStore } from './server/shared-state';
import { addSubscription, readSubscriptions, removeSubscription } from './server/webhook-store';

const print = (line: string) => console.log(line);

// `now` dates the release: the clock, or TOURISM_NOW when pinned.
type IngestChoices = Pick<BuildOptions, 'allowVanished' | 'keepReleases' | 'now'>;

/** Builds a release; progress lines and the summary event go to the log, each as it happens. */
async function ingest(config: Config, sources: string | undefined, choices: IngestChoices = {}, why?: string): Promise<void> {
  const logger = createLogger({ sync: true });
  const log = (line: string) => logger.info(line);
  // Each code/name decision and rejection reason (hundreds of lines): there for who asks, not on the first screen.
  const detail = (line: string) => logger.debug(line);
  if (why) log(why);
  if (sources) {
    // Parsed in a process of its own, within the same limits as a refresh's.
    const { value } = await buildIsolated({ sourcesDir: path.resolve(sources), dataDir: config.dataDir, parseCacheDir: config.parseCacheDir, publicBaseUrl: config.publicBaseUrl, log, detail, ...choices }, config.refreshLimits.parse);
    logIngest(logger, value);
    return;
  }
  // From the publishers: a refresh round that builds even when no source changed.
  const summary = await refresh(config, process.env.TOURISM_SOURCES, { ...choices, alwaysBuild: true });
  if (summary.build) logIngest(logger, summary.build);
}

/** One round of checks at the publishers (see src/ingest/refresh.ts); the summary event goes to the log. */
async function refresh(
  config: Config,
  seed: string | undefined,
  choices: IngestChoices & { alwaysBuild?: boolean } = {},
): Promise<RefreshSummary> {
  const logger = createLogger({ sync: true });
  const summary = await refreshSources({
    dataDir: config.dataDir,
    parseCacheDir: config.parseCacheDir,
    publicBaseUrl: config.publicBaseUrl,
    seedDir: seed ? path.resolve(seed) : null,
    http: { ...DEFAULT_HTTP, mirror: config.publisherMirror },
    limits: config.refreshLimits,
    log: (line) => logger.info(line),
    detail: (line) => logger.debug(line),
    ...choices,
  });
  logRefresh(logger, summary);
  return summary;
}

/**
 * Tells every replica at once (REDIS_URL) that a key is revoked. Without Redis, or while it is down,
 * replicas still drop the key at their next read of the key store (within a second).
 */
async function announceRevoked(config: Config, id: string): Promise<void> {
  await announce(config, { topic: 'key-revoked', id });
}

async function announce(config: Config, message: Announcement): Promise<void> {
  const bus = openBus(config, () => {});
  if (!bus) return;
  try {
    await bus.ready(2000);
    await bus.announce(message);
  } catch (err) {
    print(`Not announced on Redis (${(err as Error).message}); replicas will notice within seconds.`);
  } finally {
    await bus.close();
  }
}

/** Copies the served release into a shared directory for replicas (RELEASE_FROM) and announces it. */
async function publish(config: Config, target: string): Promise<void> {
  const manifest = await shareRelease(config.dataDir, path.resolve(target));
  print(`Published ${manifest.file} (sha256 ${manifest.sha256}) to ${path.resolve(target)}`);
  await announce(config, { topic: 'release', file: manifest.file, sha256: manifest.sha256 });
}

/** `keys create|list|revoke|rotate`: the operators' key commands (a revoked key is announced to running replicas). */
async function keysCommand(config: Config, positionals: string[], label: string | undefined): Promise<void> {
  const keys = await openKeyStore(config, { log: print, serve: false });
  const [action, arg] = positionals;
  try {
    if (action === 'create' && arg && isPlan(arg)) {
      const { key, record } = await keys.create(arg, label ?? positionals[2] ?? '');
      print(`Created ${record.id} on the ${record.plan} plan. The key is shown this once:\n${key}`);
    } else if (action === 'list') {
      for (const k of await keys.list()) {
        print(`${k.id}\t${k.plan}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\t${k.createdAt}\t${k.label}\t${k.requestsToday} requests today`);
      }
    } else if (action === 'revoke' && arg) {
      if (!(await keys.revoke(arg))) throw new Error(`no active key ${arg}`);
      await announceRevoked(config, arg);
      print(`Revoked ${arg}.`);
    } else if (action === 'rotate' && arg) {
      const rotated = await keys.rotate(arg);
      if (!rotated) throw new Error(`no active key ${arg}`);
      await announceRevoked(config, arg);
      print(`Revoked ${arg}; new key ${rotated.record.id} on the ${rotated.record.plan} plan, shown this once:\n${rotated.key}`);
    } else {
      throw new Error('usage: keys create <free|developer|analyst|intel> [label] | keys list | keys revoke <id> | keys rotate <id>');
    }
  } finally {
    await keys.close();
  }
}

/** `webhooks add|list|remove`: the subscribers of release events. */
async function webhooksCommand(config: Config, positionals: string[], country: string | undefined): Promise<void> {
  const [action, arg] = positionals;
  if (action === 'add' && arg) {
    const s = await addSubscription(config.dataDir, arg, country ?? null, { allowPrivate: config.webhooks.allowPrivate });
    print(`Added ${s.id}: release.published events${s.country ? ` of ${s.country}` : ''} to ${s.url}.`);
    print(`Signing secret, for the receiver to check X-Signature (sha256=HMAC-SHA256 of "<X-Timestamp>.<body>" with it):\n${s.secret}`);
  } else if (action === 'list') {
    for (const s of readSubscriptions(config.dataDir)) print(`${s.id}\t${s.country ?? 'all'}\t${s.createdAt}\t${s.url}`);
  } else if (action === 'remove' && arg) {
    if (!removeSubscription(config.dataDir, arg)) throw new Error(`no webhook ${arg}`);
    print(`Removed ${arg}.`);
  } else {
    throw new Error('usage: webhooks add <url> [--country ISO] | webhooks list | webhooks remove <id>');
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      sources: { type: 'string' },
      label: { type: 'string' },
      publish: { type: 'string' },
      'allow-vanished': { type: 'boolean' },
      'keep-releases': { type: 'string' },
      country: { type: 'string' },
    },
    allowPositionals: true,
  });
  const config = loadConfig();
  const sources = values.sources ?? process.env.TOURISM_SOURCES;
  switch (command) {
    case 'ingest':
      await ingest(config, sources, {
        now: config.now(),
        allowVanished: values['allow-vanished'],
        keepReleases: values['keep-releases'] === undefined ? undefined : Number(values['keep-releases']),
      });
      if (values.publish) await publish(config, values.publish);
      return;
    case 'refresh': {
      const summary = await refresh(config, sources, {
        now: config.now(),
        allowVanished: values['allow-vanished'],
        keepReleases: values['keep-releases'] === undefined ? undefined : Number(values['keep-releases']),
      });
      // For cron: a failed source is worth a mail, though the others' files were taken.
      if (summary.failed.length > 0) process.exitCode = 1;
      return;
    }
    case 'serve': {
      // Cluster workers start from this same command; only the primary checks the port and prepares the data.
      if (cluster.isPrimary) await ensureCanListen(config.host, config.port);
      if (cluster.isPrimary && !currentReleaseFile(config.dataDir)) {
        if (config.releaseFrom) {
          const logger = createLogger({ sync: true });
          logger.info(`No data release yet: taking the published one from ${config.releaseFrom}.`);
          await takeRelease(config.releaseFrom, config.dataDir, (line) => logger.info(line));
        } else {
          await ingest(config, sources, { now: config.now() }, 'No data release yet: building one first.');
        }
      }
      const { serve } = await import('./server/serve');
      await serve(config, { cli: process.argv[1], sources });
      return;
    }
    case 'keys':
      return keysCommand(config, positionals, values.label);
    case 'webhooks':
      return webhooksCommand(config, positionals, values.country);
    case 'publish': {
      const [target] = positionals;
      if (!target) throw new Error('usage: publish <shared directory>');
      await publish(config, target);
      return;
    }
    case 'print-schema': {
      const { printSchemaFile } = await import('./cli/print-schema');
      printSchemaFile();
      print('Wrote schema/schema.graphql');
      return;
    }
    case 'coverage': {
      const file = currentReleaseFile(config.dataDir);
      if (!file) throw new Error(`no release in ${config.dataDir}: run the ingest first`);
      const { coverageReport } = await import('./cli/coverage-report');
      for (const line of coverageReport(file)) print(line);
      return;
    }
    default:
      throw new Error('usage: cli <serve|ingest|refresh|publish|keys|webhooks|print-schema|coverage> [--sources DIR]');
  }
}

main().catch((err: Error) => {
  console.error(`Error: ${err.message}`);
  process.exit(1);
});
