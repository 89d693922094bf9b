import type { Parser } from 'web-tree-sitter';
import { collectCommands } from './collect-commands.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import { SHELL_LIMITS } from './shell-limits.ts';
import type { ShellAnalysis, ShellAnalysisFailure } from './types.ts';

/** `analyzeShellCommand` with a parser already loaded: synchronous, for callers that cannot await. */
export function analyzeWithParser(parser: Parser, command: string): ShellAnalysis {
  if (command.trim() === '') return failure('empty', 'the command is empty');
  if (command.length > SHELL_LIMITS.maxLength) {
    return failure('too-long', `the command is ${command.length} characters long; at most ${SHELL_LIMITS.maxLength} are analyzed`);
  }
  try {
    return { ok: true, ...collectCommands({ parser, source: command }) };
  } catch (error) {
    if (error instanceof ShellAnalysisAbort) return failure(error.reason, error.message);
    if (error instanceof RangeError) return failure('too-deep', 'the command nests too deeply to analyze');
    throw error;
  }
}

function failure(reason: ShellAnalysisFailure, message: string): ShellAnalysis {
  return { ok: false, reason, message };
}
