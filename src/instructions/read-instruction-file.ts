import { loadTextFile } from '../files/load-text-file.ts';
import { errorMessage } from '../errors/codev-error.ts';
import { currentFileVersion, fileVersion, MISSING_VERSION } from './file-version.ts';

/** The largest instruction file read: instructions are sent with every request, so a bigger one is skipped with a warning. */
export const MAX_INSTRUCTION_FILE_BYTES = 64 * 1024;

/**
 * An instruction file's text, or why it is not used; `version` is the file's as it was read (see
 * `fileVersion`), so that a save made after the read is seen as a change.
 */
export type InstructionFileRead = ({ kind: 'text'; text: string; bytes: number; realPath: string } | { kind: 'missing' } | { kind: 'skipped'; reason: string }) & { version: string };

/** Reads one instruction file (following symlinks): text up to `MAX_INSTRUCTION_FILE_BYTES`, never throws. */
export async function readInstructionFile(file: string): Promise<InstructionFileRead> {
  try {
    const loaded = await loadTextFile(file, { maxBytes: MAX_INSTRUCTION_FILE_BYTES });
    switch (loaded.kind) {
      case 'missing':
        return { kind: 'missing', version: MISSING_VERSION };
      case 'not-regular':
        return { kind: 'skipped', reason: `it is a ${loaded.type}, not a file`, version: await currentFileVersion(file) };
      case 'too-large':
        return { kind: 'skipped', reason: `it is larger than ${MAX_INSTRUCTION_FILE_BYTES / 1024} KiB (${loaded.stats.size} bytes)`, version: fileVersion(loaded.stats) };
      case 'not-text':
        return { kind: 'skipped', reason: loaded.reason, version: fileVersion(loaded.stats) };
      case 'text':
        return { kind: 'text', text: loaded.decoded.text, bytes: loaded.bytes.length, realPath: loaded.realPath, version: fileVersion(loaded.stats) };
    }
  } catch (error) {
    return { kind: 'skipped', reason: `it could not be read (${errorMessage(error)})`, version: await currentFileVersion(file) };
  }
}
