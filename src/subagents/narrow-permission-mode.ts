import type { PermissionMode } from '../permissions/types.ts';

/**
 * What each mode settles without asking, beyond what the modes it lists settle. A mode allows at most
 * what its parent allows when it is the parent or reachable below it: bypassPermissions > acceptEdits >
 * default, bypassPermissions > auto > default, default > plan and default > dontAsk (plan only reads,
 * dontAsk turns every ask into a deny).
 */
const NARROWER: Record<PermissionMode, readonly PermissionMode[]> = {
  bypassPermissions: ['acceptEdits', 'auto'],
  acceptEdits: ['default'],
  auto: ['default'],
  default: ['plan', 'dontAsk'],
  plan: [],
  dontAsk: [],
};

/** True when `mode` never allows a call that `parent` would not. */
export function isModeWithin(mode: PermissionMode, parent: PermissionMode): boolean {
  if (mode === parent) return true;
  return NARROWER[parent].some((below) => isModeWithin(mode, below));
}

/**
 * The mode a subagent runs in: the requested one when it allows no more than the parent's, else the
 * parent's (a subagent never gets more than its parent), with a note saying why.
 */
export function narrowPermissionMode(options: { parent: PermissionMode; requested?: PermissionMode }): { mode: PermissionMode; note?: string } {
  const { parent, requested } = options;
  if (!requested || requested === parent) return { mode: parent };
  if (isModeWithin(requested, parent)) return { mode: requested };
  return { mode: parent, note: `Permission mode "${requested}" allows more than the parent's "${parent}"; the subagent runs in "${parent}".` };
}
