import type { BashProgress, ProgressPayload } from '../../progress/types.ts';
import { visibleLine } from './visible-line.ts';

/** A silent command gets one status line at most this often (none while its output keeps coming). */
const STATUS_MS = 10_000;

/** The progress of running tool calls written as a log: only what is new, never a line twice. */
export interface ProgressLog {
  /**
   * The lines to print for a call's new progress: a command's new output lines (whole ones only), else the
   * rendered `text` when it differs from the last one printed for the call; nothing when nothing is new.
   */
  progress(options: { toolUseId: string; progress: ProgressPayload; text: () => string; now: number }): string[];
  /**
   * The call's result text without the output lines its progress already printed, a note in their place, each line
   * as a terminal shows it (`visibleLine`); forgets the call.
   */
  result(toolUseId: string, text: string): string;
}

interface CallLog {
  /** The whole output lines accounted for (printed or said to be skipped). */
  lines: number;
  printed: string[];
  lastText?: string;
  lastPrintAt: number;
}

/**
 * For output that is not a terminal, where nothing can be redrawn: a `bash_progress` report carries the last
 * lines and how many there are in all, so each report adds only the lines past the last one printed (a line
 * still unfinished waits for its end, lines that scrolled past the tail between two reports are counted, not
 * shown); any other progress is printed when its rendering changes (the lines a REPL's code prints and a
 * subagent's activities, each time).
 */
export function createProgressLog(): ProgressLog {
  const calls = new Map<string, CallLog>();
  return {
    progress({ toolUseId, progress, text, now }) {
      let call = calls.get(toolUseId);
      if (!call) calls.set(toolUseId, (call = { lines: 0, printed: [], lastPrintAt: now }));
      if (progress.type === 'bash_progress') return newOutputLines({ call, progress: progress as BashProgress, now });
      const rendered = text();
      // A line the REPL's code printed is output, a subagent's report one thing it did: each printed, a repeat too.
      const printed = (progress.type === 'repl_progress' && progress.innerToolName === undefined) || progress.type === 'agent_progress';
      if (!rendered || (rendered === call.lastText && !printed)) return [];
      call.lastText = rendered;
      call.lastPrintAt = now;
      return rendered.split('\n');
    },
    result(toolUseId, text) {
      const call = calls.get(toolUseId);
      calls.delete(toolUseId);
      const lines = text.split('\n').map(visibleLine);
      if (!call || call.printed.length === 0) return lines.join('\n');
      const unprinted = new Map<string, number>();
      for (const line of call.printed) unprinted.set(line, (unprinted.get(line) ?? 0) + 1);
      const rest = lines.filter((line) => {
        const count = unprinted.get(line) ?? 0;
        if (count > 0) unprinted.set(line, count - 1);
        return count === 0;
      });
      while (rest.length > 0 && rest.at(-1) === '') rest.pop();
      return [`(${call.printed.length} output line${call.printed.length === 1 ? '' : 's'} above)`, ...rest].join('\n');
    },
  };
}

function newOutputLines(options: { call: CallLog; progress: BashProgress; now: number }): string[] {
  const { call, progress, now } = options;
  // Empty: the tail holds no line (the new one is longer than the tail, its start gone), not one empty line.
  const tail = progress.output === '' ? [] : progress.output.split('\n');
  if (progress.partialLine) tail.pop();
  const fresh = progress.totalLines - call.lines;
  if (fresh <= 0) {
    if (now - call.lastPrintAt < STATUS_MS) return [];
    call.lastPrintAt = now;
    return [`(${progress.elapsedTimeSeconds}s, ${progress.totalLines} lines)`];
  }
  const shown = tail.slice(-fresh).map(visibleLine);
  call.lines = progress.totalLines;
  call.lastPrintAt = now;
  call.printed.push(...shown);
  const skipped = fresh - shown.length;
  return skipped > 0 ? [`(${skipped} more line${skipped === 1 ? '' : 's'})`, ...shown] : shown;
}
