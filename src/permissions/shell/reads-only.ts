import { isTransparentCommand } from './is-transparent-command.ts';
import type { ShellAnalysis, SimpleCommand } from './types.ts';

/**
 * Whether one command only reads and prints: a program codev knows to be read-only with these words (no
 * writing option, no script that writes or runs code), nothing computed at run time, no opaque code, and
 * no variable set that could make a program run other code. Its redirects are not looked at: they are
 * file writes, checked on their own.
 */
export function readsOnly(command: SimpleCommand): boolean {
  if (!isTransparentCommand(command)) return false;
  if (command.argv.length === 0) return command.assignments.length === 0;
  return command.effects.readOnly && command.effects.files.every((effect) => effect.access === 'read');
}

/** Whether every command of an analysis only reads (see {@link readsOnly}); redirects into files count when `redirects` is true. */
export function analysisReadsOnly(analysis: ShellAnalysis, options: { redirects: boolean }): boolean {
  if (!analysis.ok || analysis.opaque || analysis.commands.length === 0) return false;
  if (options.redirects && (analysis.writes.length > 0 || analysis.commands.some((command) => command.redirects.some((redirect) => /^\d*<>$/.test(redirect.operator))))) return false;
  return analysis.commands.every(readsOnly);
}
