import type { ShellAnalysis } from './types.ts';

/**
 * Why a command may touch files no analysis can name, or undefined when every file it touches is in its
 * words: it does not parse, it runs code no analysis reads (`python3 -c`, `bash -c "$X"`, a shell fed from a
 * pipe), its program is only known at run time (`$RUN .env`), or its program reaches files its words do not
 * name: a program codev does not describe (an interpreter's script, `make`, an editor), or one that reads
 * or writes files by other means (`patch`, `sqlite3 '.output f'`, `sort --files0-from`, `curl file://`).
 * Such a command can read or write any file, so only the sandbox can hold it to the Read and Edit deny
 * rules: outside it, an allow rule for its program does not override them.
 */
export function unreadableCodeReason(analysis: ShellAnalysis): string | undefined {
  if (!analysis.ok) return `the command cannot be analyzed (${analysis.message})`;
  if (analysis.opaque) return analysis.opaque;
  for (const command of analysis.commands) {
    const opaque = command.opaque ?? command.effects.opaque;
    if (opaque) return opaque;
    if (command.words[0]?.dynamic) return `the program of "${command.text}" is only known at run time`;
    if (command.effects.unnamedFiles) return `"${command.text}" may reach files its words do not name: ${command.effects.unnamedFiles}`;
  }
  return undefined;
}
