import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * An upper bound on elapsed wall-clock time: it fails on a loaded machine, however right the code. Tests
 * assert order and outcome (what ended, why, with which code); a wait that must not happen is made longer
 * than the test's own timeout, so that only the behaviour under test can end it. Speed is measured in bench/.
 * The one exception is a guard against backtracking in synchronous code (which no timeout can interrupt), and
 * it says so by its bound's name.
 */
const ELAPSED_UPPER_BOUND = /(?:(?:Date|performance)\.now\(\)\s*-\s*\w+|elapsed\w*)\)\s*\.toBeLessThan(?:OrEqual)?\((?!HANG_GUARD_MS\))/i;

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the test suite', () => {
  it('asserts no upper bound on elapsed time (outside the named hang guards)', () => {
    const found = [...testFiles(path.join(ROOT, 'src')), ...testFiles(path.join(ROOT, 'test'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (ELAPSED_UPPER_BOUND.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
