/** Options of {@link createAgentWorktree}. */
export interface CreateAgentWorktreeOptions {
  /** The directory the agent would have run in; any folder inside a git work tree. */
  cwd: string;
  /** A name for the agent (e.g. its type or id); sanitized into the folder and branch name. */
  name: string;
  /** Aborts the git commands; a half-made worktree is removed again. */
  signal?: AbortSignal;
}

/** A git worktree made for one agent, so its edits never touch the user's checkout. */
export interface AgentWorktree {
  /** The worktree folder, absolute: `<repoRoot>/.codev-worktrees/<name>`. */
  path: string;
  /** The new branch checked out in the worktree: `codev/<name>`. */
  branch: string;
  /** The root of the work tree the agent was started from, absolute and real. */
  repoRoot: string;
  /** The commit the worktree started from (the repository's `HEAD` at creation). */
  baseCommit: string;
  /** The worktree equivalent of the original cwd: the same subfolder, inside `path`. */
  cwd: string;
}

/** What {@link finishAgentWorktree} did with a worktree. */
export interface FinishedAgentWorktree {
  /** False when the worktree was untouched and has been removed with its branch; true when kept for review. */
  kept: boolean;
  path: string;
  branch: string;
  /** Paths relative to the worktree root changed since the base commit (committed or not, untracked included), sorted. */
  changedFiles: string[];
  /** How many commits the worktree made on top of the base commit. */
  commits: number;
}
