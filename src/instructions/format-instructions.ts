import type { InstructionFile } from './types.ts';

const HEADING = '# Instructions\n\nThe user and the project gave these instructions (CODEV.md, AGENTS.md, CLAUDE.md and the files they include). Follow them: they override default behaviour. When two disagree, the later one wins.';

const WHERE: Record<InstructionFile['scope'], string> = { user: "the user's own instructions, for every project", project: "the project's instructions, checked into the codebase" };

/** The system prompt section of the instruction files, in order; empty when there are none. */
export function formatInstructions(files: readonly InstructionFile[]): string {
  if (files.length === 0) return '';
  const sections = files.map((file) => `Contents of ${file.path} (${WHERE[file.scope]}${file.includedFrom ? `, included from ${file.includedFrom}` : ''}):\n\n${file.text.trim()}${omittedNote(file)}`);
  return [HEADING, ...sections].join('\n\n');
}

/** The system prompt: the agent's own, then the instructions section. */
export function withInstructions(system: string | undefined, files: readonly InstructionFile[]): string | undefined {
  const section = formatInstructions(files);
  if (!section) return system;
  return system ? `${system}\n\n${section}` : section;
}

/** The includes of a file that were refused, said where the model reads the file, so it knows they are left out on purpose. */
function omittedNote(file: InstructionFile): string {
  if (!file.omitted?.length) return '';
  return `\n\n(Not included: ${file.omitted.join('; ')}.)`;
}
