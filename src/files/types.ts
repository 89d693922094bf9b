/** What Edit and Write return. Types only. */
import type { GitDiffState } from './git-state.ts';
import type { PatchHunk } from './structured-patch.ts';

export interface FileChangeOutput {
  /** The path as given (absolute). */
  filePath: string;
  type: 'create' | 'update';
  structuredPatch: PatchHunk[];
  /** The decoded text before the change (updates of text files only). */
  originalFile?: string;
  /** Git state after the change; absent outside a work tree. */
  gitDiff?: GitDiffState;
}
