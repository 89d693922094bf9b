import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodevError } from '../../errors/codev-error.ts';
import { promptArguments } from './prompt-arguments.ts';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-prompt-arguments-'));
writeFileSync(path.join(cwd, 'shot.png'), 'not checked here');
writeFileSync(path.join(cwd, 'spec.pdf'), 'not checked here');

describe('promptArguments', () => {
  it('joins plain words into one string, @@ standing for a literal @', () => {
    expect(promptArguments({ words: ['say', 'hi', 'to', '@@bob'], cwd })).toBe('say hi to @bob');
    expect(promptArguments({ words: [], cwd })).toBeUndefined();
    expect(promptArguments({ words: [''], cwd })).toBeUndefined();
  });

  it('attaches each @file where it stands, resolved from cwd', () => {
    expect(promptArguments({ words: ['describe', 'this', '@shot.png', 'against', '@spec.pdf'], cwd })).toEqual([
      { type: 'text', text: 'describe this' },
      { type: 'file', path: path.join(cwd, 'shot.png') },
      { type: 'text', text: 'against' },
      { type: 'file', path: path.join(cwd, 'spec.pdf') },
    ]);
  });

  it('refuses an @file that is not there, naming it', () => {
    let error: CodevError | undefined;
    try {
      promptArguments({ words: ['look', '@missing.png'], cwd });
    } catch (thrown) {
      error = thrown as CodevError;
    }
    expect(error).toMatchObject({ code: 'CLI_USAGE', file: path.join(cwd, 'missing.png') });
  });
});
