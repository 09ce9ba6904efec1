/**
 * Command line: serve, ingest, publish, keys, print-schema.
 *   serve [--sources DIR]     start the service; builds the data first when no release exists
 *                             (or takes the published one when RELEASE_FROM is set)
 *   ingest [--sources DIR]    build a new release (downloads the official files when --sources is absent);
 *                             refused when a file is damaged or series vanished (--allow-vanished accepts
 *                             that); kept when the figures are unchanged; --keep-releases N (default 3)
 *   ingest … --publish DIR    … then publish it to DIR (below)
 *   publish DIR               copy the served release into a shared directory for replicas (RELEASE_FROM) and announce it
 *   keys create PLAN [LABEL] | keys list | keys revoke ID | keys rotate ID
 *   print-schema              write schema/schema.graphql from the code
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPlan } from './auth/keys-store';
import { loadConfig, type Config } from './config';
import { shareRelease, takeRelease } from './db/release-share';
import { currentReleaseFile } from './db/release-store';
import { buildRelease, type BuildOptions } from './ingest/build';
import { downloadSources, LOCAL_ONLY } from './ingest/download';
import type { Announcement } from './server/bus';
import { ensureCanListen } from './server/listen';
import { createLogger, logIngest } from './server/logger';
import { openBus, openKeyStore } from './server/shared-state';

const print = (line: string) => console.log(line);

// `now` dates the release: the clock, or TOURISM_NOW when pinned.
type IngestChoices = Pick<BuildOptions, 'allowVanished' | 'keepReleases' | 'now'>;

/** Builds a release; progress lines and the summary event go to the log, each as it happens. */
async function ingest(sources: string | undefined, dataDir: string, choices: IngestChoices = {}, why?: string): Promise<void> {
  const logger = createLogger({ sync: true });
  const log = (line: string) => logger.info(line);
  // Each code/name decision and rejection reason (hundreds of lines): there for who asks, not on the first screen.
  const detail = (line: string) => logger.debug(line);
  if (why) log(why);
  let dir = sources ? path.resolve(sources) : undefined;
  if (!dir) {
    const cache = path.join(dataDir, 'cache');
    log(`Downloading the official files into ${cache}`);
    const seed = process.env.TOURISM_SOURCES ? path.resolve(process.env.TOURISM_SOURCES) : null;
    if (!seed) log(`  (${LOCAL_ONLY.length} files have no stable official address; set TOURISM_SOURCES to a folder holding them)`);
    dir = await downloadSources(cache, seed, log);
  }
  logIngest(logger, buildRelease({ sourcesDir: dir, dataDir, log, detail, ...choices }));
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
    },
    allowPositionals: true,
  });
  const config = loadConfig();
  const sources = values.sources ?? process.env.TOURISM_SOURCES;
  switch (command) {
    case 'ingest':
      await ingest(sources, config.dataDir, {
        now: config.now(),
        allowVanished: values['allow-vanished'],
        keepReleases: values['keep-releases'] === undefined ? undefined : Number(values['keep-releases']),
      });
      if (values.publish) await publish(config, values.publish);
      return;
    case 'serve': {
      // Cluster workers start from this same command; only the primary checks the port and prepares the data.
      if (cluster.isPrimary) await ensureCanListen(config.host, config.port);
      if (cluster.isPrimary && !currentReleaseFile(config.dataDir)) {
        if (config.releaseFrom) {
          const logger = createLogger({ sync: true });
          logger.info(`No data release yet: taking the published one from ${config.releaseFrom}.`);
          await takeRelease(config.releaseFrom, config.dataDir, (line) => logger.info(line));
        } else {
          await ingest(sources, config.dataDir, { now: config.now() }, 'No data release yet: building one first.');
        }
      }
      const { serve } = await import('./server/serve');
      await serve(config);
      return;
    }
    case 'keys': {
      const keys = await openKeyStore(config, { log: print, serve: false });
      const [action, arg] = positionals;
      try {
        if (action === 'create' && arg && isPlan(arg)) {
          const { key, record } = await keys.create(arg, values.label ?? positionals[2] ?? '');
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
      return;
    }
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
    default:
      throw new Error('usage: cli <serve|ingest|publish|keys|print-schema> [--sources DIR]');
  }
}

main().catch((err: Error) => {
  console.error(`Error: ${err.message}`);
  process.exit(1);
});
