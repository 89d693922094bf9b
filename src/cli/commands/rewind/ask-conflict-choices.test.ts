import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askConflictChoices } from './ask-conflict-choices.ts';

/** A terminal that types `answers` one at a time, each once a question ends in "> ". */
function terminal(answers: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => {
    shown += chunk;
    if (/> $/.test(shown) && answers.length > 0) {
      shown = '';
      const answer = answers.shift()!;
      setImmediate(() => input.write(`${answer}\n`));
    }
  });
  return { input, output };
}

const conflicts = [
  { root: '/p', path: 'a.ts' },
  { root: '/p', path: 'src/b.ts' },
  { root: '/p', path: 'c.ts' },
];

describe('askConflictChoices', () => {
  it('takes a choice per file, asks again after an answer it does not know, and a capital answers for the rest', async () => {
    expect(await askConflictChoices({ conflicts, roots: 1, cwd: '/p', terminal: terminal(['o', 'x', 'k', 'o']) })).toEqual({ 'a.ts': 'overwrite', 'src/b.ts': 'keep', 'c.ts': 'overwrite' });
    expect(await askConflictChoices({ conflicts, roots: 1, cwd: '/p', terminal: terminal(['k', 'O']) })).toEqual({ 'a.ts': 'keep', 'src/b.ts': 'overwrite', 'c.ts': 'overwrite' });
  });

  it('keys a file by its absolute path when there are several roots', async () => {
    expect(await askConflictChoices({ conflicts: conflicts.slice(0, 1), roots: 2, cwd: '/p', terminal: terminal(['k']) })).toEqual({ '/p/a.ts': 'keep' });
  });

  it('quits (undefined) on q or an empty answer', async () => {
    expect(await askConflictChoices({ conflicts, roots: 1, cwd: '/p', terminal: terminal(['o', 'q']) })).toBeUndefined();
    expect(await askConflictChoices({ conflicts, roots: 1, cwd: '/p', terminal: terminal(['']) })).toBeUndefined();
  });
});
