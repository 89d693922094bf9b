import { getSessionState } from '../../session/get-session-state.ts';
import type { ToolContext } from '../../tool/types.ts';

/**
 * Records a read in the session, for Edit and Write. A partial read of a file that is unchanged since a
 * full read keeps the full record (only `readAt` moves), so reading a range after the whole does not
 * take away the right to edit.
 */
export function recordRead(context: ToolContext, entry: { path: string; mtimeMs: number; size: number; partial: boolean }): void {
  const reads = getSessionState(context).fileReads;
  const previous = reads.get(entry.path);
  const unchanged = previous !== undefined && previous.mtimeMs === entry.mtimeMs && previous.size === entry.size;
  const partial = entry.partial && !(unchanged && !previous.partial);
  reads.set(entry.path, { ...entry, partial, readAt: Date.now() });
}
