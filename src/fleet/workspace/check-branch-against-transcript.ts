import type Anthropic from '@anthropic-ai/sdk';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { decodeText } from '../../files/text-encoding.ts';
import { transcriptWrites, type TranscriptWrite } from './transcript-writes.ts';

/** A file the transcript says was written that the checkout does not hold as written. */
export interface WorkspaceMismatch {
  file: string;
  toolUseId: string;
  /** `outside`: the write named a path outside the checkout (a folder of an earlier attempt, or elsewhere); `missing`: no such file; `different`: another content. */
  problem: 'outside' | 'missing' | 'different';
}

/**
 * Compares a job's checkout, as its branch is about to be made from it, with what its transcript says was
 * written (see `transcriptWrites`): every file a successful Write, Edit or NotebookEdit wrote must be inside
 * the checkout, exist, and hold what the last such call left (a Write's whole content, an Edit's new text).
 * Paths a later call may have changed are not judged. Returns the mismatches, none when the two agree.
 */
export async function findWorkspaceMismatches(options: { messages: readonly Anthropic.MessageParam[]; checkout: string }): Promise<WorkspaceMismatch[]> {
  const checkout = path.resolve(options.checkout);
  const mismatches: WorkspaceMismatch[] = [];
  for (const write of transcriptWrites({ messages: options.messages, checkout })) {
    const problem = await judge(write, checkout);
    if (problem) mismatches.push({ file: write.file, toolUseId: write.toolUseId, problem });
  }
  return mismatches;
}

/**
 * {@link findWorkspaceMismatches}, throwing `WORKSPACE_MISMATCH` naming the files when there is any: a job
 * whose branch lacks what its transcript wrote must not be reported completed.
 */
export async function checkBranchAgainstTranscript(options: { messages: readonly Anthropic.MessageParam[]; checkout: string; jobId: string }): Promise<void> {
  const mismatches = await findWorkspaceMismatches(options);
  if (mismatches.length === 0) return;
  const listed = mismatches.map((mismatch) => `${mismatch.file} (${mismatch.problem}, call ${mismatch.toolUseId})`).join(', ');
  throw new CodevError('WORKSPACE_MISMATCH', `The branch of job ${options.jobId} would not hold what its transcript says was written: ${listed}`, {
    file: mismatches[0]!.file,
    hint: `a write outside the checkout ${options.checkout} never reaches the branch: allow file writes in the checkout only, and look at the job's transcript for the calls named`,
  });
}

async function judge(write: TranscriptWrite, checkout: string): Promise<WorkspaceMismatch['problem'] | undefined> {
  const relative = path.relative(checkout, write.file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return 'outside';
  let bytes: Buffer;
  try {
    bytes = await readFile(write.file);
  } catch {
    return 'missing';
  }
  if (write.content === undefined && write.contains === undefined) return undefined;
  const decoded = decodeText(bytes);
  if (!decoded.ok) return 'different';
  // The file tools keep an overwritten file's encoding and line endings: the text is compared, not the bytes.
  const text = unixLines(decoded.value.text);
  if (write.content !== undefined && text !== unixLines(write.content)) return 'different';
  if (write.contains !== undefined && !text.includes(unixLines(write.contains))) return 'different';
  return undefined;
}

function unixLines(text: string): string {
  return text.replaceAll('\r\n', '\n');
}
