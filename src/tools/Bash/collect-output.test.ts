import { describe, expect, it } from 'vitest';
import { OutputCollector } from './collect-output.ts';

// The progress tail of a command's output: what `bash_progress` reports show as the last lines, which the
// CLI prints off a terminal and then leaves out of the call's result. A line it shows must be the line itself.

describe('OutputCollector progress tail', () => {
  it('keeps a character whose bytes came in two chunks whole', () => {
    const output = new OutputCollector();
    output.add('stderr', Buffer.from('warn \xe2\x9c', 'latin1'));
    output.add('stderr', Buffer.from('\x93\n', 'latin1'));
    output.add('stdout', Buffer.from('caf\xc3', 'latin1'));
    output.add('stdout', Buffer.from('\xa9\n', 'latin1'));
    expect(output.lastLines(5)).not.toContain('\ufffd');
    expect(output.lastLines(5).split('\n')).toEqual(['warn ✓', 'café']);
  });

  it('never shows a line whose start has left the tail as if it were the whole line', () => {
    const output = new OutputCollector();
    const long = 'x'.repeat(10_000);
    output.add('stdout', Buffer.from(`${long}\nshort\n`));
    const lines = output.lastLines(5).split('\n');
    expect(lines).toContain('short');
    for (const line of lines) expect(line === long || !line.startsWith('x')).toBe(true);
    output.add('stdout', Buffer.from(`${'y'.repeat(3_000)}`));
    output.add('stdout', Buffer.from(`${'y'.repeat(3_000)}\n`));
    for (const line of output.lastLines(5).split('\n')) expect(line === 'y'.repeat(6_000) || !line.startsWith('y')).toBe(true);
  });

  it("keeps each stream's lines apart: a line stdout has not ended is not glued to the stderr line written meanwhile", () => {
    const output = new OutputCollector();
    output.add('stdout', Buffer.from('caf'));
    output.add('stderr', Buffer.from('warn\n'));
    expect(output.endsMidLine()).toBe(true);
    expect(output.lastLines(5).split('\n')[0]).toBe('warn');
    output.add('stdout', Buffer.from('é\n'));
    expect(output.endsMidLine()).toBe(false);
    expect(output.lastLines(5).split('\n')).toEqual(['warn', 'café']);
    expect(output.totalLines).toBe(2);
  });
});
