/** Git worktrees for subagents run with `isolation: "worktree"`. */
export { createAgentWorktree, finishAgentWorktree, WORKTREES_DIRECTORY, type AgentWorktree } from './agent-worktree.ts';
