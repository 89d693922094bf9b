import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadShellParser, parseShell } from './parse-shell.ts';

const require = createRequire(import.meta.url);

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

describe('the shipped grammar', () => {
  it('is tree-sitter-bash\'s own .wasm, byte for byte, at the version its notice names (an upgrade is a deliberate copy)', () => {
    const installed = JSON.parse(readFileSync(require.resolve('tree-sitter-bash/package.json'), 'utf8')) as { version: string };
    const shipped = readFileSync(new URL('./tree-sitter-bash.wasm', import.meta.url));
    expect(shipped.equals(readFileSync(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')))).toBe(true);
    expect(readFileSync(new URL('./tree-sitter-bash.LICENSE', import.meta.url), 'utf8')).toContain(`tree-sitter-bash@${installed.version}`);
  });
});
