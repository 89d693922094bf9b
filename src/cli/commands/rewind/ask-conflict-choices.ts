import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { RestoreConflict } from '../../../checkpoints/types.ts';
import { displayPath } from './format-file-changes.ts';

/**
 * Asks on the terminal, file by file, what to do with the files changed since the agent left them: overwrite
 * it with the checkpoint, keep it, or quit (nothing changed). Returns the choice per file as the store takes it
 * (the path relative to its root, absolute with several roots), or undefined to quit. All the rest (`a`/`k`
 * as capitals) answers for the files left.
 */
export async function askConflictChoices(options: {
  conflicts: readonly Pick<RestoreConflict, 'root' | 'path'>[];
  roots: number;
  cwd: string;
  terminal: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream };
  signal?: AbortSignal;
}): Promise<Record<string, 'overwrite' | 'keep'> | undefined> {
  const readline = createInterface({ input: options.terminal.input, output: options.terminal.output, terminal: true });
  const choices: Record<string, 'overwrite' | 'keep'> = {};
  let rest: 'overwrite' | 'keep' | undefined;
  try {
    options.terminal.output.write(`${options.conflicts.length} file(s) changed since the agent left them; the rewind would change them:\n`);
    for (const conflict of options.conflicts) {
      const key = options.roots > 1 ? path.join(conflict.root, conflict.path) : conflict.path;
      while (rest === undefined && choices[key] === undefined) {
        const answer = (await readline.question(`  ${displayPath(conflict, options.cwd)}: [o]verwrite with the checkpoint, [k]eep it (O, K: this and the rest), [q]uit > `, { signal: options.signal })).trim();
        if (answer === 'q' || answer === 'Q' || answer === '') return undefined;
        if (answer === 'O' || answer === 'K') rest = answer === 'O' ? 'overwrite' : 'keep';
        else if (answer === 'o' || answer === 'k') choices[key] = answer === 'o' ? 'overwrite' : 'keep';
      }
      choices[key] ??= rest!;
    }
    return choices;
  } finally {
    readline.close();
  }
}
