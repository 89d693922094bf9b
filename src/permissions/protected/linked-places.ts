import { readdirSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { realPathOf } from './real-path-of.ts';

/** A protected place as `linkedPlacesOf` needs it (see `ProtectedPlace`). */
interface Place {
  path: string;
  why: string;
  file?: boolean;
}

/** How many entries of a folder place are looked at for links. */
const MAX_ENTRIES = 200;

/**
 * The places reached through links: the real path of each place whose path runs through a symlink (a
 * `plugins/` or `.mcp.json` that is a link protects its target too), and with `entries` the targets of the
 * links directly inside a folder place (`skills/evil` linked to a folder elsewhere). The caller protects
 * both names.
 */
export function linkedPlacesOf(places: readonly Place[], options: { entries: boolean }): Place[] {
  const linked: Place[] = [];
  for (const place of places) {
    const real = realPathOf(place.path);
    if (real !== place.path) linked.push({ ...place, path: real });
    if (!options.entries || place.file || !lstatIfPresent(real)?.isDirectory()) continue;
    for (const entry of linksIn(real)) linked.push({ path: realPathOf(entry), why: `${place.why}, through the link ${entry}` });
  }
  return linked;
}

function linksIn(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .slice(0, MAX_ENTRIES)
      .filter((entry) => entry.isSymbolicLink())
      .map((entry) => path.join(folder, entry.name));
  } catch {
    return [];
  }
}
