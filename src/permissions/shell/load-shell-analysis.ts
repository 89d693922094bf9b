import type { ShellAnalysis } from './types.ts';
import { loadShellParser } from './parse-shell.ts';

/** A command's analysis with the grammar loaded: synchronous. */
export type AnalyzeLoaded = (command: string) => ShellAnalysis;

let loading: Promise<AnalyzeLoaded> | undefined;
let loaded: AnalyzeLoaded | undefined;

/**
 * The shell analysis (the bash grammar and the ~60 modules that read its trees), loaded on first use, once
 * per process: a process that analyzes no command loads neither. A failed load is forgotten, so the next call
 * retries it. Throws `SHELL_PARSE_FAILED` when the grammar cannot be loaded.
 */
export function loadShellAnalysis(): Promise<AnalyzeLoaded> {
  loading ??= Promise.all([import('./analyze-with-parser.ts'), loadShellParser()]).then(
    ([{ analyzeWithParser }, parser]) => (loaded = (command) => analyzeWithParser(parser, command)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The analysis once a `loadShellAnalysis()` has finished, for callers that cannot await; undefined before (or if it failed). */
export function loadedShellAnalysis(): AnalyzeLoaded | undefined {
  return loaded;
}
