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
 * Paths a later call may have changed are not judged. A path under one of `earlierCheckouts` (the folders
 * the job's earlier attempts worked in, whose writes their checkpoints carried over) is judged at its place
 * in this checkout: writes there by this attempt are denied (see `checkoutMoves`), so a successful one is an
 * earlier attempt's. Returns the mismatches, none when the two agree.
 */
export async function findWorkspaceMismatches(options: { messages: readonly Anthropic.MessageParam[]; checkout: string; earlierCheckouts?: readonly string[] }): Promise<WorkspaceMismatch[]> {
  const checkout = path.resolve(options.checkout);
  const mismatches: WorkspaceMismatch[] = [];
  for (const written of transcriptWrites({ messages: options.messages, checkout })) {
    const write = { ...written, file: movedHere(written.file, { checkout, earlier: options.earlierCheckouts ?? [] }) };
    const problem = await judge(write, checkout);
    if (problem) mismatches.push({ file: write.file, toolUseId: write.toolUseId, problem });
  }
  return mismatches;
}

/**
 * {@link findWorkspaceMismatches}, throwing `WORKSPACE_MISMATCH` naming the files when there is any: a job
 * whose branch lacks what its transcript wrote must not be reported completed.
 */
export async function checkBranchAgainstTranscript(options: { messages: readonly Anthropic.MessageParam[]; checkout: string; earlierCheckouts?: readonly string[]; jobId: string }): Promise<void> {
  const mismatches = await findWorkspaceMismatches(options);
  if (mismatches.length === 0) return;
  const listed = mismatches.map((mismatch) => `${mismatch.file} (${mismatch.problem}, call ${mismatch.toolUseId})`).join(', ');
  throw new CodevError('WORKSPACE_MISMATCH', `The branch of job ${options.jobId} would not hold what its transcript says was written: ${listed}`, {
    file: mismatches[0]!.file,
    hint: `a write outside the checkout ${options.checkout} never reaches the branch: allow file writes in the checkout only, and look at the job's transcript for the calls named`,
  });
}

/** `file` at its place in `checkout` when it is under an earlier checkout (the deepest one that holds it); else as it is. */
function movedHere(file: string, options: { checkout: string; earlier: readonly string[] }): string {
  if (isInside(file, options.checkout)) return file;
  const from = options.earlier.filter((folder) => isInside(file, folder)).sort((a, b) => b.length - a.length)[0];
  return from === undefined ? file : path.join(options.checkout, path.relative(from, file));
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function judge(write: TranscriptWrite, checkout: string): Promise<WorkspaceMismatch['problem'] | undefined> {
  if (!isInside(write.file, checkout)) return 'outside';
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
