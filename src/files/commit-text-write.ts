import { CodevError } from '../errors/codev-error.ts';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { ToolContext, ValidationResult } from '../tool/types.ts';
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

/** A plan, or why the write is refused: the tool's error code for the model, and codev's stable code. */
export type TextWritePlanResult<Plan extends TextWritePlan> = { ok: true; plan: Plan } | { ok: false; message: string; errorCode: number; code?: CodevErrorCode };

/** A plan's verdict as a tool's `validateInput` answer. */
export function planValidation(planned: TextWritePlanResult<TextWritePlan>): ValidationResult {
  return planned.ok ? { result: true } : { result: false, message: planned.message, errorCode: planned.errorCode, code: planned.code };
}

/**
 * The last step of Edit and Write, serialized per file (withFileLock, in this process and across
 * processes):
 *
 * 1. `plan()` reads the file as it is now, after any earlier write of it, and judges it against the
 *    session's read record; a refusal (a file modified since read, a string no longer there) is thrown, as a
 *    CodevError when it has a stable code.
 * 2. The text is written atomically in its encoding, to the symlink's target when there is one; the write
 *    is refused (FILE_CONFLICT) if the file changed on disk since `plan()` read it.
 * 3. The write is recorded as a fresh read, so the session's next edit of it needs no new Read.
 * 4. Once the lock is released, the file's git diff state.
 */
export async function commitTextWrite<Plan extends TextWritePlan>(options: {
  filePath: string;
  context: ToolContext;
  plan: () => Promise<TextWritePlanResult<Plan>>;
  hooks?: AtomicWriteHooks;
  /** Told the real path the write lands at, from the open folder; throwing refuses it (see writeFileAtomic). */
  checkPlace?: (realPath: string | undefined) => void | Promise<void>;
}): Promise<{ plan: Plan; gitDiff?: GitDiffState }> {
  const { filePath, context } = options;
  const { plan, written } = await withFileLock(
    filePath,
    async () => {
      const planned = await options.plan();
      if (!planned.ok) throw planned.code ? new CodevError(planned.code, planned.message, { file: filePath }) : new Error(planned.message);
      const { plan } = planned;
      const written = await writeFileAtomic(plan.realPath ?? filePath, encodeText(plan.newText, plan.encoding), { expected: plan.expected, hooks: options.hooks, checkPlace: options.checkPlace });
      recordFileWrite(context, filePath, written, written.path);
      return { plan, written };
    },
    { signal: context.signal, checkPlace: options.checkPlace },
  );
  const gitDiff = await getGitDiffState(written.path, { signal: context.signal });
  return gitDiff ? { plan, gitDiff } : { plan };
}
