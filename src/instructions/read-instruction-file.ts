import { errorMessage } from '../errors/codev-error.ts';
import { readFileIfAllowed, type OpenedFileFacts } from '../permissions/read-file-if-allowed.ts';
import type { ReadDecision } from '../permissions/read-decision-for-file.ts';
import { decodeText } from '../files/text-encoding.ts';
import { currentFileVersion, fileVersion, MISSING_VERSION } from './file-version.ts';

/** The largest instruction file read: instructions are sent with every request, so a bigger one is skipped with a warning. */
export const MAX_INSTRUCTION_FILE_BYTES = 64 * 1024;

/**
 * An instruction file's text, or why it is not used (`refused`: the Read decision said no, `rule` the rule
 * as written when one did); `version` is the file's as it was read (see `fileVersion`), so that a save made
 * after the read is seen as a change.
 */
export type InstructionFileRead = (
  | { kind: 'text'; text: string; bytes: number; realPath: string }
  | { kind: 'missing' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'refused'; reason: string; rule?: string }
) & { version: string };

/**
 * Reads one instruction file as the OS resolves `file` (symlinks followed), a regular file only, after
 * `decide` allowed the file actually opened (see `readFileIfAllowed`); text up to
 * `MAX_INSTRUCTION_FILE_BYTES`. Never throws. `path` is the name the rules see (default `file`).
 */
export async function readInstructionFile(file: string, options: { path?: string; decide?: (opened: OpenedFileFacts) => ReadDecision | Promise<ReadDecision> } = {}): Promise<InstructionFileRead> {
  try {
    const read = await readFileIfAllowed({ file, path: options.path, maxBytes: MAX_INSTRUCTION_FILE_BYTES, decide: options.decide ?? (() => ({ behavior: 'allow' })) });
    switch (read.kind) {
      case 'missing':
        return { kind: 'missing', version: MISSING_VERSION };
      case 'not-regular':
        return { kind: 'skipped', reason: `it is a ${read.type}, not a file`, version: fileVersion(read.stats) };
      case 'refused':
        return { kind: 'refused', reason: read.reason, ...(read.rule && { rule: read.rule }), version: fileVersion(read.stats) };
      case 'too-large':
        return { kind: 'skipped', reason: `it is larger than ${MAX_INSTRUCTION_FILE_BYTES / 1024} KiB (${read.stats.size} bytes)`, version: fileVersion(read.stats) };
      case 'read': {
        const decoded = decodeText(read.bytes);
        if (!decoded.ok) return { kind: 'skipped', reason: decoded.reason, version: fileVersion(read.stats) };
        return { kind: 'text', text: decoded.value.text, bytes: read.bytes.length, realPath: read.realPath, version: fileVersion(read.stats) };
      }
    }
  } catch (error) {
    return { kind: 'skipped', reason: `it could not be read (${errorMessage(error)})`, version: await currentFileVersion(file) };
  }
}
