import path from 'node:path';
import { checkFileState, fileStateMessage } from '../../files/file-state.ts';
import { loadTextFile } from '../../files/load-text-file.ts';
import { normalizeLineEndings, type TextEncoding } from '../../files/text-encoding.ts';

export interface WriteInput {
  file_path: string;
  content: string;
}

/** Numeric codes of Write's refusals (the `errorCode` of `validateInput`). */
export const WRITE_ERRORS = { relativePath: 1, isDirectory: 2, notRead: 3, modified: 4 } as const;

export interface WritePlan {
  type: 'create' | 'update';
  /** The decoded text being replaced ('' for a new file or a file that was not text). */
  originalText?: string;
  newText: string;
  encoding: TextEncoding;
  realPath?: string;
}

export type WritePlanResult = { ok: true; plan: WritePlan } | { ok: false; message: string; errorCode: number };

/**
 * Plans a write: an absolute path, not a directory, and for an existing file a full, current read. An
 * overwritten text file keeps its encoding and its line endings (when it has any line breaks).
 */
export async function planWrite(input: WriteInput, context: { sessionDirectory: string }): Promise<WritePlanResult> {
  const { file_path: filePath, content } = input;
  if (!path.isAbsolute(filePath)) return { ok: false, errorCode: WRITE_ERRORS.relativePath, message: `file_path must be an absolute path, not a relative one: ${filePath}` };
  const file = await loadTextFile(filePath);
  if (file.kind === 'missing') return { ok: true, plan: { type: 'create', newText: content, encoding: 'utf8' } };
  if (file.kind === 'directory') return { ok: false, errorCode: WRITE_ERRORS.isDirectory, message: `${filePath} is a directory, not a file.` };
  const problem = checkFileState(context, filePath, file.stats, file.realPath);
  if (problem) return { ok: false, errorCode: problem === 'not-read' ? WRITE_ERRORS.notRead : WRITE_ERRORS.modified, message: fileStateMessage(problem) };
  if (file.kind === 'not-text') return { ok: true, plan: { type: 'update', newText: content, encoding: 'utf8', realPath: file.realPath } };
  const { text, encoding, lineEnding } = file.decoded;
  const newText = text.includes('\n') ? normalizeLineEndings(content, lineEnding) : content;
  return { ok: true, plan: { type: 'update', originalText: text, newText, encoding, realPath: file.realPath } };
}
