import { describe, expect, it } from 'vitest';
import { isServeOverStdio } from './serve-in-child.ts';

describe('isServeOverStdio (the fast way of bin/codev.mjs)', () => {
  it('is codev mcp serve over stdio only, outside the server process', () => {
    expect(isServeOverStdio(['mcp', 'serve'], {})).toBe(true);
    expect(isServeOverStdio(['mcp', 'serve', '--cwd', 'app', '--transport', 'stdio'], {})).toBe(true);
    expect(isServeOverStdio(['mcp', 'serve', '--transport=stdio'], {})).toBe(true);
    for (const argv of [['mcp', 'serve', '--help'], ['mcp', 'serve', '-h'], ['mcp', 'serve', '--transport', 'http'], ['mcp', 'serve', '--transport=http'], ['mcp'], ['tools'], ['mcp', 'list']]) expect(isServeOverStdio(argv, {}), argv.join(' ')).toBe(false);
    expect(isServeOverStdio(['mcp', 'serve'], { CODEV_MCP_SERVE_CHILD: '1' })).toBe(false);
  });
});
