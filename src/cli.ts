/**
 * Command line: serve, ingest, keys, print-schema.
 *   serve [--sources DIR]     start the service; builds the data first when no release exists
 *   ingest [--sources DIR]    build a new release (downloads the official files when --sources is absent)
 *   keys create PLAN [LABEL] | keys list | keys revoke ID | keys rotate ID
 *   print-schema              write schema/schema.graphql from the code
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isPlan, KeysStore } from './auth/keys-store';
import { loadConfig } from './config';
import { currentReleaseFile } from './db/release-store';
import { buildRelease } from './ingest/build';
import { downloadSources, LOCAL_ONLY } from './ingest/download';
import { createLogger, flushLogger, logIngest, type Logger } from './server/logger';

const print = (line: string) => console.log(line);

/** Builds a release; progress lines and the summary event go to the log, each as it happens. */
async function ingest(sources: string | undefined, dataDir: string, why?: string): Promise<void> {
  const logger = createLogger({ sync: true });
  const log = (line: string) => logger.info(line);
  if (why) log(why);
  let dir = sources ? path.resolve(sources) : undefined;
  if (!dir) {
    const cache = path.join(dataDir, 'cache');
    log(`Downloading the official files into ${cache}`);
    const seed = process.env.TOURISM_SOURCES ? path.resolve(process.env.TOURISM_SOURCES) : null;
    if (!seed) log(`  (${LOCAL_ONLY.length} files have no stable official address; set TOURISM_SOURCES to a folder holding them)`);
    dir = await downloadSources(cache, seed, log);
  }
  logIngest(logger, buildRelease({ sourcesDir: dir, dataDir, log }));
}

/** SIGTERM/SIGINT: stop accepting, answer what is in flight, exit 0 (1 if closing failed). */
function exitGracefully(app: { close: () => Promise<void> }, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: 'shutdown', signal }, `${signal}: no new connections; answering the requests in flight`);
    app.close().then(
      () => process.exit(0),
      (err: Error) => {
        logger.error({ event: 'shutdown_failed', err: err.message });
        void flushLogger(logger).then(() => process.exit(1));
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { sources: { type: 'string' }, label: { type: 'string' } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const sources = values.sources ?? process.env.TOURISM_SOURCES;
  switch (command) {
    case 'ingest':
      await ingest(sources, config.dataDir);
      return;
    case 'serve': {
      if (!currentReleaseFile(config.dataDir)) await ingest(sources, config.dataDir, 'No data release yet: building one first.');
      const logger = createLogger();
      const { startApp } = await import('./server/app');
      const app = await startApp({ config, logger });
      logger.info({ event: 'listening', url: app.url }, `Serving on ${app.url} (REST /v1, GraphQL /graphql, docs /docs)`);
      exitGracefully(app, logger);
      return;
    }
    case 'keys': {
      const keys = new KeysStore(config.dataDir);
      const [action, arg] = positionals;
      try {
        if (action === 'create' && arg && isPlan(arg)) {
          const { key, record } = keys.create(arg, values.label ?? positionals[2] ?? '');
          print(`Created ${record.id} on the ${record.plan} plan. The key is shown this once:\n${key}`);
        } else if (action === 'list') {
          for (const k of keys.list()) print(`${k.id}\t${k.plan}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\t${k.createdAt}\t${k.label}`);
        } else if (action === 'revoke' && arg) {
          if (!keys.revoke(arg)) throw new Error(`no active key ${arg}`);
          print(`Revoked ${arg}.`);
        } else if (action === 'rotate' && arg) {
          const rotated = keys.rotate(arg);
          if (!rotated) throw new Error(`no active key ${arg}`);
          print(`Revoked ${arg}; new key ${rotated.record.id} on the ${rotated.record.plan} plan, shown this once:\n${rotated.key}`);
        } else {
          throw new Error('usage: keys create <free|developer|analyst|intel> [label] | keys list | keys revoke <id> | keys rotate <id>');
        }
      } finally {
        keys.close();
      }
      return;
    }
    case 'print-schema': {
      const { printSchemaFile } = await import('./cli/print-schema');
      printSchemaFile();
      print('Wrote schema/schema.graphql');
      return;
    }
    default:
      throw new Error('usage: cli <serve|ingest|keys|print-schema> [--sources DIR]');
  }
}

main().catch((err: Error) => {
  console.error(`Error: ${err.message}`);
  process.exit(1);
});
