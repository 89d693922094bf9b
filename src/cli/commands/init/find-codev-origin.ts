import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the running codev was installed from, as npm recorded it:
 * - `checkout`: it runs from its own folder (a clone), not from a `node_modules`;
 * - `file`: a tarball (or folder) on this machine (`npm i ./codev-0.1.0.tgz`, `npx ./codev-0.1.0.tgz`), at `path` (absolute);
 * - `registry`: a registry's tarball (its URL has npm's `/codev/-/codev-<version>.tgz` shape);
 * - `other`: any other spec npm recorded (a remote tarball URL, a git URL), to be written as it is;
 * - `unknown`: installed, but no lock file says from where.
 * `lockFile` names the file that said so.
 */
export type CodevOrigin =
  | { kind: 'checkout'; path: string }
  | { kind: 'file'; path: string; lockFile: string }
  | { kind: 'registry'; version: string; lockFile: string }
  | { kind: 'other'; spec: string; lockFile: string }
  | { kind: 'unknown'; version: string };

/**
 * Finds where the codev package at `root` (a real path) came from. npm 7+ writes nothing about it into the
 * installed package.json, but the project that holds the `node_modules` keeps a lock: its hidden
 * `node_modules/.package-lock.json` (npx's cache folder has one too), its package-lock.json or
 * npm-shrinkwrap.json, each with the `resolved` of the entry `node_modules/…/codev`, relative to that project.
 * Without one, the project's package.json says what it asked for: a `file:` path, or a URL kept as it is.
 */
export async function findCodevOrigin(options: { root: string; version: string }): Promise<CodevOrigin> {
  const parts = options.root.split(path.sep);
  const at = parts.indexOf('node_modules');
  if (at === -1) return { kind: 'checkout', path: options.root };
  const project = parts.slice(0, at).join(path.sep) || path.sep;
  const entry = parts.slice(at).join('/');
  for (const lock of ['node_modules/.package-lock.json', 'npm-shrinkwrap.json', 'package-lock.json']) {
    const lockFile = path.join(project, lock);
    const resolved = await resolvedIn(lockFile, entry);
    if (resolved === undefined) continue;
    if (resolved.startsWith('file:')) return { kind: 'file', path: path.resolve(project, resolved.slice('file:'.length)), lockFile };
    if (/^https?:\/\/.*\/codev\/-\/codev-[^/]+\.tgz$/.test(resolved)) return { kind: 'registry', version: options.version, lockFile };
    return { kind: 'other', spec: resolved, lockFile };
  }
  // No npm lock (yarn, pnpm, a lock deleted): the project's own package.json says what it asked for.
  const manifest = path.join(project, 'package.json');
  const asked = await askedFor(manifest);
  if (asked?.startsWith('file:')) return { kind: 'file', path: path.resolve(project, asked.slice('file:'.length)), lockFile: manifest };
  if (asked !== undefined && /^(https?|git(\+\w+)?|github):/.test(asked)) return { kind: 'other', spec: asked, lockFile: manifest };
  return { kind: 'unknown', version: options.version };
}

async function askedFor(manifest: string): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await readFile(manifest, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const spec = parsed.dependencies?.codev ?? parsed.devDependencies?.codev ?? parsed.optionalDependencies?.codev;
    return typeof spec === 'string' ? spec : undefined;
  } catch {
    return undefined;
  }
}

async function resolvedIn(lockFile: string, entry: string): Promise<string | undefined> {
  const text = await readFile(lockFile, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const lock = JSON.parse(text) as { packages?: Record<string, { resolved?: unknown }> };
    const resolved = lock.packages?.[entry]?.resolved;
    return typeof resolved === 'string' && resolved !== '' ? resolved : undefined;
  } catch {
    return undefined; // a broken lock file says nothing; the next one may
  }
}
