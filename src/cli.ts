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

const log = (line: string) => console.log(line);

async function ingest(sources: string | undefined, dataDir: string): Promise<void> {
  let dir = sources ? path.resolve(sources) : undefined;
  if (!dir) {
    const cache = path.join(dataDir, 'cache');
    log(`Downloading the official files into ${cache}`);
    const seed = process.env.TOURISM_SOURCES ? path.resolve(process.env.TOURISM_SOURCES) : null;
    if (!seed) log(`  (${LOCAL_ONLY.length} files have no stable official address; set TOURISM_SOURCES to a folder holding them)`);
    dir = await downloadSources(cache, seed, log);
  }
  buildRelease({ sourcesDir: dir, dataDir, log });
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
      if (!currentReleaseFile(config.dataDir)) {
        log('No data release yet: building one first.');
        await ingest(sources, config.dataDir);
      }
      // Before graphql-js loads: in production it skips development-only checks on every type test.
      process.env.NODE_ENV ??= 'production';
      const { startApp } = await import('./server/app');
      const app = await startApp({ config });
      log(`Serving on ${app.url} (REST /v1, GraphQL /graphql, docs /docs)`);
      const stop = () => void app.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    case 'keys': {
      const keys = new KeysStore(config.dataDir);
      const [action, arg] = positionals;
      try {
        if (action === 'create' && arg && isPlan(arg)) {
          const { key, record } = keys.create(arg, values.label ?? positionals[2] ?? '');
          log(`Created ${record.id} on the ${record.plan} plan. The key is shown this once:\n${key}`);
        } else if (action === 'list') {
          for (const k of keys.list()) log(`${k.id}\t${k.plan}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}\t${k.createdAt}\t${k.label}`);
        } else if (action === 'revoke' && arg) {
          if (!keys.revoke(arg)) throw new Error(`no active key ${arg}`);
          log(`Revoked ${arg}.`);
        } else if (action === 'rotate' && arg) {
          const rotated = keys.rotate(arg);
          if (!rotated) throw new Error(`no active key ${arg}`);
          log(`Revoked ${arg}; new key ${rotated.record.id} on the ${rotated.record.plan} plan, shown this once:\n${rotated.key}`);
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
      log('Wrote schema/schema.graphql');
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
