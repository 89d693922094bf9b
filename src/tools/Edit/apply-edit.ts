import type { TextWritePlanResult } from '../../files/commit-text-write.ts';
import path from 'node:path';
import type { CodevErrorCode } from '../../errors/codes.ts';
import type { FileIdentity } from '../../files/file-identity.ts';
import { checkFileState, fileStateMessage } from '../../files/file-state.ts';
import { loadTextFile, MAX_TEXT_FILE_BYTES, type LoadCheck } from '../../files/load-text-file.ts';
import { notRegularFileMessage } from '../../files/open-regular-file.ts';
import { normalizeLineEndings, type TextEncoding } from '../../files/text-encoding.ts';

export interface EditInput {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** Numeric codes of Edit's refusals (the `errorCode` of `validateInput`). */
export const EDIT_ERRORS = {
  relativePath: 1,
  noChange: 2,
  fileMissing: 3,
  isDirectory: 4,
  notText: 5,
  notRead: 6,
  modified: 7,
  notFound: 8,
  multipleMatches: 9,
  fileExists: 10,
  notRegular: 11,
  tooLarge: 12,
} as const;

export const EDIT_MESSAGES = {
  noChange: 'No changes to make: old_string and new_string are exactly the same.',
  notFound: 'String to replace not found in file.',
  multipleMatches: (count: number) =>
    `Found ${count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.`,
  relativePath: (filePath: string) => `file_path must be an absolute path, not a relative one: ${filePath}`,
  fileMissing: (cwd: string) => `File does not exist. Current working directory: ${cwd}`,
  isDirectory: (filePath: string) => `${filePath} is a directory, not a file.`,
  notText: (reason: string) => `Cannot edit this file: ${reason}. Editing it as text would corrupt it.`,
  fileExists: 'Cannot create new file - file already exists.',
  tooLarge: (filePath: string) => `${filePath} is larger than the ${MAX_TEXT_FILE_BYTES / (1024 * 1024)} MB Edit can load; change it with Bash (sed, a script) instead.`,
};

/** What the edit will do, worked out entirely before anything is written. */
export interface EditPlan {
  type: 'create' | 'update';
  originalText: string;
  newText: string;
  encoding: TextEncoding;
  /** The file when planned ('missing' for a create); the write is refused if it is no longer that. */
  expected: FileIdentity | 'missing';
  realPath?: string;
  replacements: number;
}

/** A refusal: the message, Edit's number, and the stable code when it is not plain INPUT_INVALID. */
export type PlanResult = TextWritePlanResult<EditPlan>;

const refuse = (errorCode: number, message: string, code?: CodevErrorCode): PlanResult => ({ ok: false, message, errorCode, ...(code ? { code } : {}) });

/**
 * Plans an edit: every check of the reference (relative path, identical strings, missing file, read state,
 * not found, not unique) and the new text. Used by `validateInput`, and again by `call()` right before writing.
 */
export async function planEdit(input: EditInput, context: { cwd: string; sessionDirectory: string; checkOpened?: LoadCheck }): Promise<PlanResult> {
  const { file_path: filePath, old_string: oldString, new_string: newString } = input;
  if (!path.isAbsolute(filePath)) return refuse(EDIT_ERRORS.relativePath, EDIT_MESSAGES.relativePath(filePath));
  if (oldString === newString) return refuse(EDIT_ERRORS.noChange, EDIT_MESSAGES.noChange);
  const file = await loadTextFile(filePath, { checkOpened: context.checkOpened });
  if (file.kind === 'missing') {
    if (oldString === '') return { ok: true, plan: { type: 'create', originalText: '', newText: newString, encoding: 'utf8', expected: 'missing', replacements: 1 } };
    return refuse(EDIT_ERRORS.fileMissing, EDIT_MESSAGES.fileMissing(context.cwd));
  }
  if (file.kind === 'not-regular') {
    if (file.type === 'directory') return refuse(EDIT_ERRORS.isDirectory, EDIT_MESSAGES.isDirectory(filePath), 'FILE_NOT_REGULAR');
    return refuse(EDIT_ERRORS.notRegular, notRegularFileMessage(filePath, file.type), 'FILE_NOT_REGULAR');
  }
  const problem = checkFileState(context, filePath, file.stats, file.realPath);
  if (problem === 'modified') return refuse(EDIT_ERRORS.modified, fileStateMessage(problem), 'FILE_CONFLICT');
  if (problem) return refuse(EDIT_ERRORS.notRead, fileStateMessage(problem));
  if (file.kind === 'too-large') return refuse(EDIT_ERRORS.tooLarge, EDIT_MESSAGES.tooLarge(filePath));
  if (file.kind === 'not-text') return refuse(EDIT_ERRORS.notText, EDIT_MESSAGES.notText(file.reason));
  const { text, lineEnding, encoding } = file.decoded;
  const expected = file.identity;
  if (oldString === '') {
    // Filling an empty file is a create in all but name; anything else would silently overwrite.
    if (text.trim() !== '') return refuse(EDIT_ERRORS.fileExists, EDIT_MESSAGES.fileExists);
    const newText = text.includes('\n') || newString.includes('\n') ? normalizeLineEndings(newString, lineEnding) : newString;
    return { ok: true, plan: { type: 'update', originalText: text, newText, encoding, expected, realPath: file.realPath, replacements: 1 } };
  }
  const match = findMatch(text, oldString, newString, lineEnding);
  if (!match) return refuse(EDIT_ERRORS.notFound, EDIT_MESSAGES.notFound);
  if (match.count > 1 && !input.replace_all) return refuse(EDIT_ERRORS.multipleMatches, EDIT_MESSAGES.multipleMatches(match.count));
  let newText = input.replace_all ? text.split(match.oldString).join(match.newString) : replaceFirst(text, match.oldString, match.newString);
  newText = keepTrailingNewline(text, newText, lineEnding);
  return {
    ok: true,
    plan: { type: 'update', originalText: text, newText, encoding, expected, realPath: file.realPath, replacements: input.replace_all ? match.count : 1 },
  };
}

/**
 * Finds old_string as written, else with its line breaks in the file's style (the model writes LF; the file
 * may be CRLF, or the other way round). new_string gets the same conversion, so the file's endings are kept.
 */
function findMatch(text: string, oldString: string, newString: string, lineEnding: '\n' | '\r\n') {
  const candidates: Array<[string, string]> = [[oldString, newString]];
  if (text.includes('\r\n') && oldString.includes('\n')) {
    candidates.push([normalizeLineEndings(oldString, '\r\n'), normalizeLineEndings(newString, '\r\n')]);
  }
  if (oldString.includes('\r\n')) candidates.push([normalizeLineEndings(oldString, '\n'), normalizeLineEndings(newString, '\n')]);
  for (const [candidateOld, candidateNew] of candidates) {
    const count = countOccurrences(text, candidateOld);
    if (count > 0) {
      // A one-line old_string in a CRLF file: new_string's line breaks are still written as CRLF.
      const converted = candidateOld === oldString && lineEnding === '\r\n' && !oldString.includes('\n') && !newString.includes('\r\n') && newString.includes('\n')
        ? normalizeLineEndings(newString, '\r\n')
        : candidateNew;
      return { count, oldString: candidateOld, newString: converted };
    }
  }
  return undefined;
}

/** Non-overlapping occurrences, left to right (the same ones `split` replaces). */
export function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length)) count++;
  return count;
}

/** Replaces the first occurrence literally (no `$&` patterns, unlike `String.replace`). */
function replaceFirst(text: string, search: string, replacement: string): string {
  const index = text.indexOf(search);
  return text.slice(0, index) + replacement + text.slice(index + search.length);
}

/** The file keeps ending (or not ending) with a line break, whatever the replacement did at its end. */
function keepTrailingNewline(before: string, after: string, lineEnding: '\n' | '\r\n'): string {
  if (after === '') return after;
  const had = before.endsWith('\n');
  const has = after.endsWith('\n');
  if (had && !has) return after + lineEnding;
  if (!had && has && before !== '') return after.endsWith('\r\n') ? after.slice(0, -2) : after.slice(0, -1);
  return after;
}
