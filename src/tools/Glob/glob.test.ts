import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { globTool, TRUNCATION_NOTE } from './index.ts';
import { resolveGlob } from './resolve-glob.ts';

function makeTree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-glob-'));
  const write = (relative: string, seconds: number) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x\n');
    utimesSync(file, seconds, seconds);
  };
  write('.gitignore', 1000);
  writeFileSync(path.join(root, '.gitignore'), 'build/\n*.log\n!keep.log\n');
  write('old.ts', 1000);
  write('new.ts', 3000);
  write('src/mid.ts', 2000);
  write('src/deep/deeper.ts', 2500);
  write('src/readme.md', 2600);
  write('.hidden/h.ts', 1100);
  write('build/out.ts', 9000);
  write('app.log', 9000);
  write('keep.log', 1200);
  write('secrets/k.ts', 8000);
  write('many/sub/.gitignore', 1000);
  writeFileSync(path.join(root, 'many/sub/.gitignore'), 'local.txt\n');
  write('many/sub/local.txt', 1000);
  for (let index = 0; index < 105; index++) write(`many/f${String(index).padStart(3, '0')}.txt`, 10_000 + index);
  return root;
}

describe.each([
  { name: 'ripgrep', env: undefined },
  { name: 'node fallback', env: 'none' },
] as const)('Glob ($name)', ({ env }) => {
  let root: string;
  const previous = process.env.CODEV_RIPGREP;
  beforeAll(() => {
    root = makeTree();
    if (env) process.env.CODEV_RIPGREP = env;
    else delete process.env.CODEV_RIPGREP;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CODEV_RIPGREP;
    else process.env.CODEV_RIPGREP = previous;
  });
  const glob = async (input: Record<string, unknown>, deny?: string[]) => {
    const context = createTestContext({ tools: [globTool], cwd: root, deny });
    const { result } = await runTool({ name: 'Glob', input, context });
    return { result, text: resultText(result) };
  };
  const abs = (relative: string) => path.join(root, relative);

  it('lists matches at any depth newest first, hidden included, gitignored excluded', async () => {
    const { result, text } = await glob({ pattern: '**/*.ts' });
    expect(result.block.is_error).toBeFalsy();
    expect(text.split('\n')).toEqual([abs('secrets/k.ts'), abs('new.ts'), abs('src/deep/deeper.ts'), abs('src/mid.ts'), abs('.hidden/h.ts'), abs('old.ts')]);
  });

  it('keeps "*" within one directory and honours negations and nested .gitignore', async () => {
    expect((await glob({ pattern: '*.ts' })).text.split('\n')).toEqual([abs('new.ts'), abs('old.ts')]);
    expect((await glob({ pattern: '*.log' })).text).toBe(abs('keep.log'));
    expect((await glob({ pattern: 'many/sub/*' })).text).toBe(abs('many/sub/.gitignore'));
  });

  it('searches under path, and under the literal head of an absolute pattern', async () => {
    expect((await glob({ pattern: '**/*.ts', path: 'src' })).text.split('\n')).toEqual([abs('src/deep/deeper.ts'), abs('src/mid.ts')]);
    expect((await glob({ pattern: `${root}/src/**/*.md` })).text).toBe(abs('src/readme.md'));
  });

  it('caps at 100 results with a truncation note', async () => {
    const { text } = await glob({ pattern: 'many/*.txt' });
    const lines = text.split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe(abs('many/f104.txt'));
    expect(lines[99]).toBe(abs('many/f005.txt'));
    expect(lines[100]).toBe(TRUNCATION_NOTE);
  });

  it('hides files in Read-denied paths', async () => {
    const { text } = await glob({ pattern: '**/*.ts' }, ['Read(./secrets/**)']);
    expect(text).not.toContain('secrets');
    expect(text.split('\n')).toHaveLength(5);
  });

  it('answers "No files found" and rejects a missing directory', async () => {
    expect((await glob({ pattern: '**/*.nothing' })).text).toBe('No files found');
    const missing = await glob({ pattern: '*', path: 'nope' });
    expect(missing.result.block.is_error).toBe(true);
    expect(missing.text).toContain('Directory does not exist');
  });
});

describe('Glob permissions and helpers', () => {
  it('asks (and the test canUseTool denies) for a directory outside the working directories', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-glob-cwd-'));
    const outside = mkdtempSync(path.join(os.tmpdir(), 'codev-glob-out-'));
    const context = createTestContext({ tools: [globTool], cwd });
    const { result } = await runTool({ name: 'Glob', input: { pattern: '*', path: outside }, context });
    expect(result.block.is_error).toBe(true);
    expect(resultText(result)).toContain('no prompt in tests');
  });

  it('resolves roots', () => {
    expect(resolveGlob({ pattern: './src/*.ts' }, '/w')).toEqual({ root: '/w', pattern: 'src/*.ts' });
    expect(resolveGlob({ pattern: '*.ts', path: 'lib' }, '/w')).toEqual({ root: '/w/lib', pattern: '*.ts' });
    expect(resolveGlob({ pattern: '/a/b/**/*.ts', path: 'ignored' }, '/w')).toEqual({ root: '/a/b', pattern: '**/*.ts' });
    expect(resolveGlob({ pattern: '/a/b/c.ts' }, '/w')).toEqual({ root: '/a/b', pattern: 'c.ts' });
  });

  it('is read-only, concurrency-safe and strict', () => {
    expect(globTool.isReadOnly({ pattern: '*' })).toBe(true);
    expect(globTool.isConcurrencySafe({ pattern: '*' })).toBe(true);
    expect(globTool.strict).toBe(true);
  });
});
