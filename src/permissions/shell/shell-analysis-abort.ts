import type { ShellAnalysisFailure } from './types.ts';

/** Thrown inside the collector to stop at the first limit or syntax error; never escapes `analyzeShellCommand`. */
export class ShellAnalysisAbort extends Error {
  readonly reason: ShellAnalysisFailure;

  constructor(reason: ShellAnalysisFailure, message: string) {
    super(message);
    this.name = 'ShellAnalysisAbort';
    this.reason = reason;
  }
}
