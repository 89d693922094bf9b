import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { transformReplCode } from './transform-repl-code.ts';

/** Runs cells in one context the way the worker does, and returns the last cell's value. */
async function runCells(...cells: string[]): Promise<unknown> {
  const context = vm.createContext({});
  let value: unknown;
  for (const cell of cells) {
    const transformed = transformReplCode(cell);
    if (!transformed.ok) throw new Error(transformed.message);
    value = await new vm.Script(transformed.code, { filename: 'repl', lineOffset: -1 }).runInContext(context);
  }
  return value;
}

describe('transformReplCode', () => {
  it('keeps top-level declarations across cells and returns the last expression', async () => {
    expect(await runCells('const x = 1', 'x + 1')).toBe(2);
    expect(await runCells('let a, b = 2; var c = 3', '[a, b, c]')).toEqual([undefined, 2, 3]);
    expect(await runCells('const { p, q: [r, ...rest] = [], ...others } = { p: 1, q: [2, 3, 4], s: 5 }', '[p, r, rest, others]')).toEqual([1, 2, [3, 4], { s: 5 }]);
    expect(await runCells('const x = 1', 'const x = 2', 'x')).toBe(2);
  });

  it('hoists functions (callable before their declaration) and keeps classes', async () => {
    expect(await runCells('const early = twice(2); function twice(n) { return n * 2 }', '[early, twice(5)]')).toEqual([4, 10]);
    expect(await runCells('class Point { constructor(x) { this.x = x } }', 'new Point(3).x')).toBe(3);
    expect(await runCells('async function* gen() { yield 1; yield 2 }', 'const seen = []; for await (const n of gen()) seen.push(n); seen')).toEqual([1, 2]);
  });

  it('supports top-level await and keeps statements without semicolons apart', async () => {
    expect(await runCells('const v = await Promise.resolve(41)\nv + 1')).toBe(42);
    expect(await runCells('let s = (1, 2)\nconst f = () => s\nf()\nconst y = f()\nclass K {}\n[y]')).toEqual([2]);
    expect(await runCells('const n = 5\n;(n)')).toBe(5);
  });

  it('gives undefined when the cell does not end in an expression', async () => {
    expect(await runCells('const x = 1')).toBeUndefined();
    expect(await runCells('')).toBeUndefined();
    expect(await runCells('if (true) { 3 }')).toBeUndefined();
  });

  it('keeps loop and block scoped declarations local', async () => {
    expect(await runCells('for (let i = 0; i < 2; i++) {}', 'typeof i')).toBe('undefined');
    expect(await runCells('{ const inner = 1 }', 'typeof inner')).toBe('undefined');
  });

  it('reports syntax errors with a 1-based line and column', () => {
    expect(transformReplCode('const a = 1;\nconst = 2')).toMatchObject({ ok: false, line: 2, column: 7 });
    const failed = transformReplCode('let x = ;');
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.message).not.toMatch(/\(\d+:\d+\)$/);
  });

  it('keeps line numbers of runtime errors', async () => {
    const error = await runCells('const a = 1\n\nnull.x').catch((thrown: Error) => thrown);
    expect((error as Error).stack).toMatch(/repl:3:/);
  });

  it('lists the declared names', () => {
    expect(transformReplCode('const [a, { b }] = [1, {}]; function f() {} class C {}')).toMatchObject({ ok: true, declaredNames: ['a', 'b', 'f', 'C'] });
  });
});
