import path from 'node:path';
import type { MovedPath } from '../../transcripts/rewrite-moved-paths.ts';
import type { FleetJobData } from '../job/fleet-job-data.ts';

/** Where a job's earlier attempts worked, and what this attempt does about it. */
export interface CheckoutMoves {
  /** Every checkout folder of the job so far, this attempt's last: the job's state keeps it for the next attempt. */
  checkouts: string[];
  /** The earlier folders, each moved to this attempt's: a resumed session's copy names this checkout instead. */
  moves: MovedPath[];
  /** The job's data with writes under the earlier folders denied, whatever its rules allow. */
  data: FleetJobData;
}

/**
 * A job's checkout is at another absolute path on every attempt (another worker's `--workspace-root`, or a
 * folder per attempt), while its transcript names the folder each earlier attempt worked in. The session a
 * resumed attempt forks names this checkout instead (`movedPaths`), and a call that still names an earlier
 * folder is denied by a rule (`Edit(//folder/**)`): it never writes where no branch is made from, even when
 * the job's own rules would allow the path. A folder holding this checkout is not denied.
 */
export function checkoutMoves(options: { earlier: readonly string[] | undefined; current: string; data: FleetJobData }): CheckoutMoves {
  const { current, data } = options;
  const earlier = [...new Set(options.earlier ?? [])].filter((folder) => folder !== current);
  const moves = earlier.map((from) => ({ from, to: current }));
  const denied = earlier.filter((folder) => !isInside(current, folder)).map((folder) => `Edit(/${escapeGlob(folder)}/**)`);
  const withDenied = denied.length === 0 ? data : { ...data, permissions: { ...data.permissions, deny: [...(data.permissions.deny ?? []), ...denied] } };
  return { checkouts: [...earlier, current], moves, data: withDenied };
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function escapeGlob(folder: string): string {
  return folder.replace(/[*?[\]{}\\]/g, '\\$&');
}
