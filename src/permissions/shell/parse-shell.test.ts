import { describe, expect, it } from 'vitest';
import { loadShellParser, parseShell } from './parse-shell.ts';

describe('loadShellParser', () => {
  it('initializes once, however many callers race for it', async () => {
    const parsers = await Promise.all([loadShellParser(), loadShellParser(), loadShellParser()]);
    expect(new Set(parsers).size).toBe(1);
    expect(await loadShellParser()).toBe(parsers[0]);
  });
});

describe('parseShell', () => {
  it('parses bash', async () => {
    const tree = await parseShell('ls -la && echo hi');
    expect(tree.rootNode.type).toBe('program');
    expect(tree.rootNode.hasError).toBe(false);
    tree.delete();
  });

  it('recovers from errors, leaving hasError for the caller to refuse', async () => {
    const tree = await parseShell('echo "unterminated');
    expect(tree.rootNode.hasError).toBe(true);
    tree.delete();
  });
});
