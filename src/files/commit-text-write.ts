import { stat } from 'node:fs/promises';
import type { ToolContext } from '../tool/types.ts';
import { recordFileWrite } from './file-state.ts';
import { getGitDiffState, type GitDiffState } from './git-state.ts';
import { encodeText, type TextEncoding } from './text-encoding.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

/**
 * The last step of Edit and Write: writes the text atomically in its encoding (to the symlink's target when
 * there is one), records the write as a fresh read so the next edit needs no new Read, and returns the git
 * diff state of the file.
 */
export async function commitTextWrite(options: {
  filePath: string;
  realPath?: string;
  text: string;
  encoding: TextEncoding;
  context: ToolContext;
}): Promise<{ gitDiff?: GitDiffState }> {
  const written = await writeFileAtomic(options.realPath ?? options.filePath, encodeText(options.text, options.encoding));
  recordFileWrite(options.context, options.filePath, await stat(written), written);
  const gitDiff = await getGitDiffState(written, { signal: options.context.signal });
  return gitDiff ? { gitDiff } : {};
}
