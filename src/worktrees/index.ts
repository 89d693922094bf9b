/** Git worktrees for subagents run with `isolation: "worktree"`. */
export { BRANCH_PREFIX } from './add-worktree.ts';
export { createAgentWorktree } from './create-agent-worktree.ts';
export { WORKTREES_DIRECTORY } from './exclude-worktrees-folder.ts';
export { finishAgentWorktree } from './finish-agent-worktree.ts';
export { sanitizeWorktreeName } from './sanitize-worktree-name.ts';
export type { AgentWorktree, CreateAgentWorktreeOptions, FinishedAgentWorktree } from './types.ts';
