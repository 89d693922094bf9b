import path from 'node:path';
import type { InstructionSources } from './instructions-setting.ts';

/** Where an instruction file was found: `~/.codev/` (user), the project root (project), or another file's `@path`. */
export type InstructionScope = 'user' | 'project';

/** The instruction file names, in the order they are read in each place, with the source key that turns each off. */
export const INSTRUCTION_FILE_NAMES = [
  { name: 'CODEV.md', source: 'codev' },
  { name: 'AGENTS.md', source: 'agents' },
  { name: 'CLAUDE.md', source: 'claude' },
] as const;

/** One file that is read when it exists. */
export interface InstructionCandidate {
  path: string;
  scope: InstructionScope;
}

/**
 * The files to look for, in the order they join the system prompt: the user's (`~/.codev/CODEV.md`,
 * `AGENTS.md`, `CLAUDE.md`) first, then the project root's, so the project's words come last and weigh most.
 */
export function instructionCandidates(options: { projectRoot: string; homeDirectory: string; sources: Required<InstructionSources> }): InstructionCandidate[] {
  const { sources } = options;
  const places: { directory: string; scope: InstructionScope }[] = [];
  if (sources.user) places.push({ directory: userInstructionsDirectory(options.homeDirectory), scope: 'user' });
  if (sources.project) places.push({ directory: options.projectRoot, scope: 'project' });
  return places.flatMap(({ directory, scope }) => INSTRUCTION_FILE_NAMES.filter((file) => sources[file.source]).map((file) => ({ path: path.join(directory, file.name), scope })));
}

/** `~/.codev`: the user's instruction files, and the only place outside the project an `@path` may reach. */
export function userInstructionsDirectory(homeDirectory: string): string {
  return path.join(homeDirectory, '.codev');
}
