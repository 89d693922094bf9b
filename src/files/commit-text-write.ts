import type { ToolContext } from '../tool/types.ts';
import type { FileIdentity } from './file-identity.ts';
import { recordFileWrite } from './file-state.ts';
import { getGitDiffState, type GitDiffState } from './git-state.ts';
import { encodeText, type TextEncoding } from './text-encoding.ts';
import { withFileLock } from './with-file-lock.ts';
import { writeFileAtomic, type AtomicWriteHooks } from './write-file-atomic.ts';

/** What Edit and Write plan to write; `expected` is the file as the plan read it. */
export interface TextWritePlan {
  newText: string;
  encoding: TextEncoding;
  /** The real path of the existing file (the symlink's target). */
  realPath?: string;
  expected: FileIdentity | 'missing';
}

/**
 * The last step of Edit and Write, serialized per file (withFileLock, in this process and across
 * processes):
 *
 * 1. `plan()` reads the file as it is now, after any earlier write of it, and judges it against the
 *    session's read record; it throws to refuse (a file modified since read, a string no longer there).
 * 2. The text is written atomically in its encoding, to the symlink's target when there is one; the write
 *    is refused (FILE_CONFLICT) if the file changed on disk since `plan()` read it.
 * 3. The write is recorded as a fresh read, so the session's next edit of it needs no new Read.
 * 4. Once the lock is released, the file's git diff state.
 */
export async function commitTextWrite<Plan extends TextWritePlan>(options: {
  filePath: string;
  context: ToolContext;
  plan: () => Promise<Plan>;
  hooks?: AtomicWriteHooks;
}): Promise<{ plan: Plan; gitDiff?: GitDiffState }> {
  const { filePath, context } = options;
  const { plan, written } = await withFileLock(
    filePath,
    async () => {
      const plan = await options.plan();
      const written = await writeFileAtomic(plan.realPath ?? filePath, encodeText(plan.newText, plan.encoding), { expected: plan.expected, hooks: options.hooks });
      recordFileWrite(context, filePath, written, written.path);
      return { plan, written };
    },
    { signal: context.signal },
  );
  const gitDiff = await getGitDiffState(written.path, { signal: context.signal });
  return gitDiff ? { plan, gitDiff } : { plan };
}
