import type { ShellAnalysis } from './types.ts';

/**
 * Why a command may touch files no analysis can name, or undefined when every file it touches is in its
 * words: it does not parse, it runs code no analysis reads (`python3 -c`, `bash -c "$X"`, a shell fed from a
 * pipe), or its program is only known at run time (`$RUN .env`). Such a command can read or write any file,
 * so only the sandbox can hold it to the Read and Edit deny rules.
 */
export function unreadableCodeReason(analysis: ShellAnalysis): string | undefined {
  if (!analysis.ok) return `the command cannot be analyzed (${analysis.message})`;
  if (analysis.opaque) return analysis.opaque;
  for (const command of analysis.commands) {
    const opaque = command.opaque ?? command.effects.opaque;
    if (opaque) return opaque;
    if (command.words[0]?.dynamic) return `the program of "${command.text}" is only known at run time`;
  }
  return undefined;
}
