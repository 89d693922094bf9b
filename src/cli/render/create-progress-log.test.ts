import { describe, expect, it } from 'vitest';
import type { BashProgress } from '../../progress/types.ts';
import { createProgressLog } from './create-progress-log.ts';

const bash = (options: { output: string; totalLines: number; partialLine?: boolean; elapsedTimeSeconds?: number }): BashProgress => ({ type: 'bash_progress', totalBytes: 0, elapsedTimeSeconds: 3, ...options });

describe('createProgressLog', () => {
  it('appends only the new whole lines of each report, waits for an unfinished one, and counts lines that scrolled past the tail', () => {
    const log = createProgressLog();
    const progress = (report: BashProgress, now = 0) => log.progress({ toolUseId: 't', progress: report, text: () => 'rendered', now });
    expect(progress(bash({ output: 'a\nb', totalLines: 2 }))).toEqual(['a', 'b']);
    expect(progress(bash({ output: 'a\nb\nc\npar', totalLines: 3, partialLine: true }))).toEqual(['c']);
    expect(progress(bash({ output: 'a\nb\nc\npartial', totalLines: 4 }))).toEqual(['partial']);
    expect(progress(bash({ output: 'f\ng\nh\ni\nj', totalLines: 10 }))).toEqual(['(1 more line)', 'f', 'g', 'h', 'i', 'j']);
    expect(progress(bash({ output: 'f\ng\nh\ni\nj', totalLines: 10 }))).toEqual([]);
  });

  it('counts a new line the tail does not hold (longer than the tail) instead of printing an empty line for it', () => {
    const log = createProgressLog();
    const progress = (report: BashProgress) => log.progress({ toolUseId: 't', progress: report, text: () => 'rendered', now: 0 });
    expect(progress(bash({ output: '', totalLines: 1 }))).toEqual(['(1 more line)']);
    expect(progress(bash({ output: 'next', totalLines: 2 }))).toEqual(['next']);
  });

  it('says a silent command still runs at most every 10 s', () => {
    const log = createProgressLog();
    const progress = (now: number) => log.progress({ toolUseId: 't', progress: bash({ output: '', totalLines: 0, elapsedTimeSeconds: now / 1000 }), text: () => '', now });
    expect(progress(0)).toEqual([]);
    expect(progress(9_000)).toEqual([]);
    expect(progress(10_000)).toEqual(['(10s, 0 lines)']);
    expect(progress(11_000)).toEqual([]);
  });

  it('prints any other progress when its rendering changes', () => {
    const log = createProgressLog();
    const progress = (text: string) => log.progress({ toolUseId: 't', progress: { type: 'mcp_progress' }, text: () => text, now: 0 });
    expect(progress('Reading a.ts')).toEqual(['Reading a.ts']);
    expect(progress('Reading a.ts')).toEqual([]);
    expect(progress('')).toEqual([]);
    expect(progress('Editing a.ts\nline two')).toEqual(['Editing a.ts', 'line two']);
  });

  it("prints each of a subagent's activities, the same one twice too (it read a file twice)", () => {
    const log = createProgressLog();
    const progress = (message: string) => log.progress({ toolUseId: 't', progress: { type: 'agent_progress', agentId: 'a', message }, text: () => message, now: 0 });
    expect(progress('Read(a.ts)')).toEqual(['Read(a.ts)']);
    expect(progress('Read(a.ts)')).toEqual(['Read(a.ts)']);
  });

  it("prints each line a REPL's code prints, the same line twice too, but its inner calls' progress when it changes", () => {
    const log = createProgressLog();
    const progress = (payload: { type: string; innerToolName?: string }, text: string) => log.progress({ toolUseId: 't', progress: payload, text: () => text, now: 0 });
    expect(progress({ type: 'repl_progress' }, 'ok')).toEqual(['ok']);
    expect(progress({ type: 'repl_progress' }, 'ok')).toEqual(['ok']);
    expect(progress({ type: 'repl_progress', innerToolName: 'Bash' }, 'Bash: line1')).toEqual(['Bash: line1']);
    expect(progress({ type: 'repl_progress', innerToolName: 'Bash' }, 'Bash: line1')).toEqual([]);
  });

  it('shows of a line with carriage returns (a progress bar, CRLF) what a terminal would: the text after the last one', () => {
    const log = createProgressLog();
    expect(log.progress({ toolUseId: 't', progress: bash({ output: 'p1\rp2\rp3', totalLines: 1 }), text: () => '', now: 0 })).toEqual(['p3']);
    expect(log.result('t', 'p1\rp2\rp3\ndone\r')).toBe('(1 output line above)\ndone');
    expect(log.result('u', '10%\r50%\r100%\r\nok\r\n')).toBe('100%\nok\n');
  });

  it('leaves out of the result the lines already printed, once each, and forgets the call', () => {
    const log = createProgressLog();
    log.progress({ toolUseId: 't', progress: bash({ output: 'x\nx\ny', totalLines: 3 }), text: () => '', now: 0 });
    expect(log.result('t', 'x\ny\nx\nx\nExit code 1\n')).toBe('(3 output lines above)\nx\nExit code 1');
    expect(log.result('t', 'x')).toBe('x');
    expect(log.result('other', 'z')).toBe('z');
  });
});
