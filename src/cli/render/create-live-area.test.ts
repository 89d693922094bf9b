import { describe, expect, it } from 'vitest';
import { createLiveArea } from './create-live-area.ts';

describe('createLiveArea', () => {
  it('redraws in place: up over the lines drawn, each cleared and rewritten, leftover lines blanked', async () => {
    let output = '';
    let lines = ['a', 'b', 'c'];
    const area = createLiveArea({ write: (text) => (output += text), lines: () => lines, intervalMs: 20 });
    area.invalidate();
    expect(output).toBe('\u001b[2Ka\n\u001b[2Kb\n\u001b[2Kc\n');
    output = '';
    lines = ['x'];
    area.invalidate();
    area.invalidate();
    expect(output).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(output).toBe('\u001b[3A\u001b[2Kx\n\u001b[2K\n\u001b[2K\n\u001b[2A');
    output = '';
    area.finish();
    area.invalidate();
    expect(output).toBe('\u001b[1A\u001b[2Kx\n');
  });
});
