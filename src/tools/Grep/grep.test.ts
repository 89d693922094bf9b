import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { grepTool } from './index.ts';

function makeTree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-grep-'));
  const write = (relative: string, text: string, seconds: number) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, seconds, seconds);
  };
  write('.gitignore', 'ignored/\n*.log\n', 1000);
  write('a.ts', 'const alpha = 1;\nconst Beta = 2;\nfunction gamma() {}\nconst delta = 4;\nconst epsilon = 5;\n', 2000);
  write('src/b.ts', 'import x from "y";\nconst alpha = 2;\n', 3000);
  write('src/deep/c.js', 'alpha();\nALPHA();\n', 1500);
  write('notes.md', 'alpha in docs\n', 1200);
  write('ignored/d.ts', 'const alpha = 3;\n', 4000);
  write('debug.log', 'alpha\n', 4000);
  write('secrets/key.ts', 'const alpha = "secret";\n', 5000);
  write('multi.txt', 'start\nmiddle\nend\n', 1100);
  return root;
}

const engines = [
  { name: 'ripgrep', env: undefined },
  { name: 'node fallback', env: 'none' },
] as const;

describe.each(engines)('Grep ($name)', ({ env }) => {
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
  const grep = async (input: Record<string, unknown>, options: { deny?: string[]; cwd?: string } = {}) => {
    const context = createTestContext({ tools: [grepTool], cwd: options.cwd ?? root, deny: options.deny });
    const { result } = await runTool({ name: 'Grep', input, context });
    return { result, text: resultText(result) };
  };
  const abs = (relative: string) => path.join(root, relative);

  it('lists files with matches, newest first, skipping gitignored files', async () => {
    const { result, text } = await grep({ pattern: 'alpha' });
    expect(result.block.is_error).toBeFalsy();
    expect(text).toBe(['Found 5 files', abs('secrets/key.ts'), abs('src/b.ts'), abs('a.ts'), abs('src/deep/c.js'), abs('notes.md')].join('\n'));
  });

  it('filters results inside Read-denied paths', async () => {
    const { text } = await grep({ pattern: 'alpha' }, { deny: ['Read(./secrets/**)'] });
    expect(text).not.toContain('secrets');
    expect(text).toContain('Found 4 files');
  });

  it('shows content with line numbers, and without', async () => {
    expect((await grep({ pattern: 'alpha', output_mode: 'content', path: 'src' })).text).toBe(
      [`${abs('src/b.ts')}:2:const alpha = 2;`, `${abs('src/deep/c.js')}:1:alpha();`].join('\n'),
    );
    expect((await grep({ pattern: 'alpha', output_mode: 'content', path: 'src/b.ts', '-n': false })).text).toBe(`${abs('src/b.ts')}:const alpha = 2;`);
  });

  it('applies -A, -B, -C and context with separators', async () => {
    const file = abs('a.ts');
    expect((await grep({ pattern: 'gamma', output_mode: 'content', path: 'a.ts', '-A': 1 })).text).toBe([`${file}:3:function gamma() {}`, `${file}-4-const delta = 4;`].join('\n'));
    expect((await grep({ pattern: 'gamma', output_mode: 'content', path: 'a.ts', '-B': 1 })).text).toBe([`${file}-2-const Beta = 2;`, `${file}:3:function gamma() {}`].join('\n'));
    const both = [`${file}-2-const Beta = 2;`, `${file}:3:function gamma() {}`, `${file}-4-const delta = 4;`].join('\n');
    expect((await grep({ pattern: 'gamma', output_mode: 'content', path: 'a.ts', '-C': 1 })).text).toBe(both);
    expect((await grep({ pattern: 'gamma', output_mode: 'content', path: 'a.ts', context: 1 })).text).toBe(both);
    expect((await grep({ pattern: 'alpha|epsilon', output_mode: 'content', path: 'a.ts', '-A': 0, context: 0, '-C': 0 })).text).toBe(
      [`${file}:1:const alpha = 1;`, `${file}:5:const epsilon = 5;`].join('\n'),
    );
    expect((await grep({ pattern: 'alpha|epsilon', output_mode: 'content', path: 'a.ts', '-B': 1 })).text).toBe(
      [`${file}:1:const alpha = 1;`, '--', `${file}-4-const delta = 4;`, `${file}:5:const epsilon = 5;`].join('\n'),
    );
  });

  it('is case-insensitive with -i', async () => {
    expect((await grep({ pattern: 'beta', output_mode: 'content', path: 'a.ts' })).text).toBe('No matches found');
    expect((await grep({ pattern: 'beta', output_mode: 'content', path: 'a.ts', '-i': true })).text).toBe(`${abs('a.ts')}:2:const Beta = 2;`);
  });

  it('counts matches per file', async () => {
    const { text } = await grep({ pattern: 'alpha', output_mode: 'count', path: 'src', '-i': true });
    expect(text).toBe([`${abs('src/b.ts')}:1`, `${abs('src/deep/c.js')}:2`, '', 'Found 3 total matches across 2 files.'].join('\n'));
  });

  it('filters by glob and by type', async () => {
    expect((await grep({ pattern: 'alpha', glob: '*.js' })).text).toBe(`Found 1 file\n${abs('src/deep/c.js')}`);
    expect((await grep({ pattern: 'alpha', glob: '*.{md,js}' })).text).toBe(`Found 2 files\n${abs('src/deep/c.js')}\n${abs('notes.md')}`);
    expect((await grep({ pattern: 'alpha', glob: '*.md, *.js' })).text).toContain('Found 2 files');
    expect((await grep({ pattern: 'alpha', type: 'js' })).text).toBe(`Found 1 file\n${abs('src/deep/c.js')}`);
    expect((await grep({ pattern: 'alpha', type: 'md' })).text).toBe(`Found 1 file\n${abs('notes.md')}`);
  });

  it('pages with head_limit and offset', async () => {
    const { text } = await grep({ pattern: 'alpha', head_limit: 2, offset: 1 });
    expect(text).toBe(['Found 2 files', abs('src/b.ts'), abs('a.ts'), '', '[Showing results with pagination = limit: 2, offset: 1]'].join('\n'));
    const lines = await grep({ pattern: 'const', output_mode: 'content', path: 'a.ts', head_limit: 1, offset: 2 });
    expect(lines.text).toBe(`${abs('a.ts')}:4:const delta = 4;\n\n[Showing results with pagination = limit: 1, offset: 2]`);
    expect((await grep({ pattern: 'alpha', head_limit: 0 })).text).toContain('Found 5 files');
  });

  it('matches across lines with multiline', async () => {
    expect((await grep({ pattern: 'start.middle', output_mode: 'content', path: 'multi.txt' })).text).toBe('No matches found');
    expect((await grep({ pattern: 'start.middle', output_mode: 'content', path: 'multi.txt', multiline: true })).text).toBe(
      [`${abs('multi.txt')}:1:start`, `${abs('multi.txt')}:2:middle`].join('\n'),
    );
  });

  it('answers "No files found" when nothing matches', async () => {
    const { result, text } = await grep({ pattern: 'zzz_nothing' });
    expect(result.block.is_error).toBeFalsy();
    expect(text).toBe('No files found');
  });

  it('reports an invalid regex as an error', async () => {
    const { result, text } = await grep({ pattern: '(unclosed' });
    expect(result.block.is_error).toBe(true);
    expect(text).toContain('Invalid regular expression');
  });

  it('handles a pattern that starts with a dash', async () => {
    writeFileSync(abs('dash.txt'), 'a --flag here\n');
    expect((await grep({ pattern: '--flag', output_mode: 'content', path: 'dash.txt' })).text).toBe(`${abs('dash.txt')}:1:a --flag here`);
  });
});

describe('Grep permissions', () => {
  it('asks (and the test canUseTool denies) for a path outside the working directories', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-grep-cwd-'));
    const outside = mkdtempSync(path.join(os.tmpdir(), 'codev-grep-out-'));
    writeFileSync(path.join(outside, 'x.txt'), 'alpha\n');
    const context = createTestContext({ tools: [grepTool], cwd });
    const { result } = await runTool({ name: 'Grep', input: { pattern: 'alpha', path: outside }, context });
    expect(result.block.is_error).toBe(true);
    expect(resultText(result)).toContain('no prompt in tests');
  });

  it('is read-only, concurrency-safe and strict, and targets the search root', async () => {
    const context = createTestContext({ cwd: '/work' });
    expect(grepTool.isReadOnly({ pattern: 'x' })).toBe(true);
    expect(grepTool.isConcurrencySafe({ pattern: 'x' })).toBe(true);
    expect(grepTool.strict).toBe(true);
    expect(grepTool.maxResultSizeChars).toBe(20_000);
    expect(await grepTool.getPermissionTargets({ pattern: 'x', path: 'src' }, context)).toEqual([{ kind: 'path', path: '/work/src', access: 'read' }]);
  });
});

describe('Grep glob filters keep gitignored files out', () => {
  it.each([undefined, 'none'])('CODEV_RIPGREP=%s', async (env) => {
    const previous = process.env.CODEV_RIPGREP;
    if (env) process.env.CODEV_RIPGREP = env;
    else delete process.env.CODEV_RIPGREP;
    try {
      const root = makeTree();
      const context = createTestContext({ tools: [grepTool], cwd: root });
      for (const glob of ['*.ts', '*.log', 'ignored/*.ts', '**/*.ts']) {
        const text = resultText((await runTool({ name: 'Grep', input: { pattern: 'alpha', glob }, context })).result);
        expect(text).not.toContain('ignored');
        expect(text).not.toContain('debug.log');
      }
    } finally {
      if (previous === undefined) delete process.env.CODEV_RIPGREP;
      else process.env.CODEV_RIPGREP = previous;
    }
  });
});
