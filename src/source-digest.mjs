// The digest of the service's source (every file under src/) and of the lockfile (the packages it
// runs with): what a build's behaviour follows from. src/build.mjs writes it beside the compiled
// code, so the compiled service and the same source run directly name themselves alike.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function sourceDigest(projectRoot) {
  const hash = createHash('sha1');
  const walk = (dir, rel) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name === 'generated' && rel === '') continue; // clients generated from prisma/ and schema/: no parser uses them
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}${entry.name}/`);
      else hash.update(`${rel}${entry.name}\0`).update(fs.readFileSync(full));
    }
  };
  walk(path.join(projectRoot, 'src'), '');
  const lock = path.join(projectRoot, 'package-lock.json');
  if (fs.existsSync(lock)) hash.update(fs.readFileSync(lock));
  return hash.digest('hex');
}
