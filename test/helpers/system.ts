/**
 * The Debian programs a few tests drive (Chromium, nginx, python3 with pandas). `npm test` installs
 * the missing ones beside the run (test/run.sh, test/system-needs.sh); these tests wait for that
 * install, then fail with what to run when the program is still absent, rather than with a spawn's
 * ENOENT.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const INSTALL_WAIT_MS = 5 * 60_000;

/** Resolves once `npm test`'s package install has ended (at once outside `npm test`). */
async function installEnded(): Promise<void> {
  const status = process.env.TOURISM_SYSTEM_PACKAGES;
  if (!status) return;
  const deadline = Date.now() + INSTALL_WAIT_MS;
  while (!fs.existsSync(status)) {
    if (Date.now() > deadline) throw new Error('The install of the Debian packages the tests need (test/system-needs.sh install) did not end within 5 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const HOW = 'run `bash test/system-needs.sh` (as root), or `npm test`, which runs it';

/** The path of a Debian program, once present; a clear error naming the package when it is not. */
export async function systemProgram(file: string, pkg: string): Promise<string> {
  await installEnded();
  if (!fs.existsSync(file)) throw new Error(`${file} is not installed (Debian package ${pkg}): ${HOW}.`);
  return file;
}

/** Debian's python3, once it imports `modules`; a clear error naming the packages when it does not. */
export async function systemPython(modules: string[]): Promise<string> {
  const python = await systemProgram('/usr/bin/python3', 'python3');
  try {
    execFileSync(python, ['-c', modules.map((m) => `import ${m}`).join('; ')], { stdio: 'pipe' });
  } catch {
    throw new Error(`/usr/bin/python3 cannot import ${modules.join(', ')} (Debian packages ${modules.map((m) => `python3-${m}`).join(', ')}): ${HOW}.`);
  }
  return python;
}
