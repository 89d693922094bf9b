import type { Stats } from 'node:fs';

/**
 * What tells one version of a file from another without reading it: the inode (codev's atomic writes make
 * a new one every time), the size, and the modification and change times (ctime catches a writer that
 * puts the old mtime back).
 */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export function fileIdentity(stats: Stats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
}

export function sameFileIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}
