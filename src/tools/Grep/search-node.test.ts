import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWithNode } from './search-node.ts';
import type { GrepQuery } from './types.ts';

/** `(a+)+$` against this backtracks for minutes in a JavaScript RegExp. */
const CATASTROPHIC = { pattern: '(a+)+$', line: `${'a'.repeat(40)}b` };

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codev-grep-node-'));
  writeFileSync(path.join(root, 'plain.txt'), 'alpha\n');
  writeFileSync(path.join(root, 'trap.txt'), `${CATASTROPHIC.line}\n`);
  execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function query(pattern: string, signal?: AbortSignal): GrepQuery {
  return { pattern, root, rootIsFile: false, mode: 'files_with_matches', globs: [], ignoreCase: false, multiline: false, before: 0, after: 0, signal };
}

/** Counts event-loop turns while `work` runs: a blocked loop counts none. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ outcome: T; ticks: number }> {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  try {
    const outcome = await work();
    return { outcome, ticks };
  } finally {
    clearInterval(ticker);
  }
}

describe('searchWithNode', () => {
  it('finds matches and skips a FIFO without opening it for a blocking read', async () => {
    const outcome = await searchWithNode(query('alpha'), { timeoutMs: 10_000 });
    expect(outcome).toEqual({ hits: [{ file: path.join(root, 'plain.txt'), count: 1, lines: [] }], truncated: false });
  });

  it('a catastrophic pattern stops at the time limit with what it found, and the event loop keeps turning', async () => {
    const { outcome, ticks } = await ticksDuring(() => searchWithNode(query(CATASTROPHIC.pattern), { timeoutMs: 400 }));
    expect(outcome.truncated).toBe(true);
    expect(ticks).toBeGreaterThan(10);
  });

  it('an abort stops a catastrophic search at once with the signal’s reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 200);
    // Its own timeout is past the test's: only the abort can end it.
    await expect(searchWithNode(query(CATASTROPHIC.pattern, controller.signal), { timeoutMs: 60_000 })).rejects.toThrow('stop');
  });

  it('an invalid pattern is an error before any worker starts', async () => {
    await expect(searchWithNode(query('(unclosed'))).rejects.toThrow(/Invalid regular expression/);
  });
});
