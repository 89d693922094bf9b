import type { TextWritePlanResult } from '../../files/commit-text-write.ts';
import path from 'node:path';
import type { FileIdentity } from '../../files/file-identity.ts';
import { checkFileState, fileStateMessage } from '../../files/file-state.ts';
import { loadTextFile, type LoadCheck } from '../../files/load-text-file.ts';
import { notRegularFileMessage } from '../../files/open-regular-file.ts';
import { normalizeLineEndings, type TextEncoding } from '../../files/text-encoding.ts';

export interface WriteInput {
  file_path: string;
  content: string;
}

/** Numeric codes of Write's refusals (the `errorCode` of `validateInput`). */
export const WRITE_ERRORS = { relativePath: 1, isDirectory: 2, notRead: 3, modified: 4, notRegular: 5 } as const;

export interface WritePlan {
  type: 'create' | 'update';
  /** The decoded text being replaced (absent for a new file, a file that was not text or one too large to load). */
  originalText?: string;
  newText: string;
  encoding: TextEncoding;
  realPath?: string;
  /** The file when planned ('missing' for a create); the write is refused if it is no longer that. */
  expected: FileIdentity | 'missing';
}

/** A refusal: the message, Write's number, and the stable code when it is not plain INPUT_INVALID. */
export type WritePlanResult = TextWritePlanResult<WritePlan>;

/**
 * Plans a write: an absolute path, a regular file (or nothing yet), and for an existing file a full,
 * current read. An overwritten text file keeps its encoding and its line endings (when it has any line
 * breaks).
 */
export async function planWrite(input: WriteInput, context: { sessionDirectory: string; checkOpened?: LoadCheck }): Promise<WritePlanResult> {
  const { file_path: filePath, content } = input;
  if (!path.isAbsolute(filePath)) return { ok: false, errorCode: WRITE_ERRORS.relativePath, message: `file_path must be an absolute path, not a relative one: ${filePath}` };
  const file = await loadTextFile(filePath, { checkOpened: context.checkOpened });
  if (file.kind === 'missing') return { ok: true, plan: { type: 'create', newText: content, encoding: 'utf8', expected: 'missing' } };
  if (file.kind === 'not-regular') {
    if (file.type === 'directory') return { ok: false, errorCode: WRITE_ERRORS.isDirectory, code: 'FILE_NOT_REGULAR', message: `${filePath} is a directory, not a file.` };
    return { ok: false, errorCode: WRITE_ERRORS.notRegular, code: 'FILE_NOT_REGULAR', message: notRegularFileMessage(filePath, file.type) };
  }
  const problem = checkFileState(context, filePath, file.stats, file.realPath);
  if (problem === 'modified') return { ok: false, errorCode: WRITE_ERRORS.modified, code: 'FILE_CONFLICT', message: fileStateMessage(problem) };
  if (problem) return { ok: false, errorCode: WRITE_ERRORS.notRead, message: fileStateMessage(problem) };
  const base = { type: 'update' as const, realPath: file.realPath, expected: file.identity };
  if (file.kind !== 'text') return { ok: true, plan: { ...base, newText: content, encoding: 'utf8' } };
  const { text, encoding, lineEnding } = file.decoded;
  const newText = text.includes('\n') ? normalizeLineEndings(content, lineEnding) : content;
  return { ok: true, plan: { ...base, originalText: text, newText, encoding } };
}
