import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The path the OS reaches through `target` (existing or not): the real path of its nearest existing
 * ancestor, with the missing rest appended. `target` itself when nothing of it resolves.
 */
export function realPathOf(target: string): string {
  const missing: string[] = [];
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    try {
      return path.join(realpathSync.native(current), ...missing.reverse());
    } catch {
      if (path.dirname(current) === current) return path.resolve(target);
      missing.push(path.basename(current));
    }
  }
}
