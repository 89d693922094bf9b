import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitFailure } from './workspace-git-failure.ts';
import { TREE_TIMEOUT_MS } from './workspace-timeouts.ts';

/** The default cap of a job's patch: it travels in the job's result, stored in Redis. */
export const MAX_PATCH_BYTES = 1024 * 1024;

/** At most `maxBytes` of `text` (UTF-8), ending at a line end. */
function cutAtLine(text: string, maxBytes: number): string {
  const head = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  return head.slice(0, head.lastIndexOf('\n') + 1);
}

/**
 * `git diff --binary <from> <to>` in the checkout at `cwd`, whatever the machine's diff settings (no external
 * diff or textconv, `a/` `b/` prefixes, no rename detection), so `git apply` takes it. Longer than `maxBytes`:
 * cut at a line end and `truncated`, without reading the rest.
 */
export async function readJobPatch(options: { cwd: string; from: string; to: string; maxBytes?: number; signal?: AbortSignal }): Promise<{ patch: string; truncated: boolean }> {
  const maxBytes = options.maxBytes ?? MAX_PATCH_BYTES;
  const args = ['diff', '--binary', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '--src-prefix=a/', '--dst-prefix=b/', options.from, options.to, '--'];
  const git = { cwd: options.cwd, signal: options.signal, timeoutMs: TREE_TIMEOUT_MS, maxBuffer: maxBytes + 1 };
  const result = await runWorkspaceGit(args, git);
  const overflowed = !result.ok && result.spawnError === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
  if (!result.ok && !overflowed) throw workspaceGitFailure(args, git, result);
  if (!overflowed && Buffer.byteLength(result.stdout, 'utf8') <= maxBytes) return { patch: result.stdout, truncated: false };
  return { patch: cutAtLine(result.stdout, maxBytes), truncated: true };
}
