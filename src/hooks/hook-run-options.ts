/** What each run of agent-level hooks needs: the hooks, and what they see (the hook event aside). */
import type { PermissionRequestInput } from './permission-request-hook-types.ts';
import type { SessionHookInputBase } from './session-hook-types.ts';
import type { SubagentHookInputBase } from './subagent-hook-types.ts';
import type { ToolHook } from './types.ts';

/** What a run of session hooks needs: the hooks, and the agent they see (the hook event aside). */
export interface SessionHookRunOptions extends Omit<SessionHookInputBase, 'hookEventName'> {
  hooks: readonly ToolHook[];
}

/** What a run of subagent hooks needs: the hooks, and the subagent they see (the hook event aside). */
export interface SubagentHookRunOptions extends Omit<SubagentHookInputBase, 'hookEventName'> {
  hooks: readonly ToolHook[];
}

/** What a run of PermissionRequest hooks needs: the hooks, and the prompt they see (the hook event aside). */
export interface PermissionRequestRunOptions extends Omit<PermissionRequestInput, 'hookEventName'> {
  hooks: readonly ToolHook[];
}
