// Runs `prisma generate` offline. The Prisma 7 CLI insists on locating a schema-engine
// binary even though generate never uses it; any existing file satisfies that check.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
// Generators such as prisma-pothos-types are found on PATH, as under `npm run`.
env.PATH = `${path.join(root, 'node_modules/.bin')}${path.delimiter}${env.PATH ?? ''}`;
// The served data model (SQLite releases) and the key store for PostgreSQL deployments.
for (const schema of ['prisma/schema.prisma', 'prisma/keys/schema.prisma']) {
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate', '--schema', schema], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
  } catch {
    process.exit(1);
  }
}
