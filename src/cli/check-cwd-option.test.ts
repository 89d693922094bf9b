import { mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { checkCwdOption } from './check-cwd-option.ts';

const codeOf = (argv: string[], cwd: string) => {
  try {
    checkCwdOption(argv, cwd);
    return 'accepted';
  } catch (error) {
    return CodevError.isInstance(error) ? error.code : 'other';
  }
};

// `--cwd="$PROJECT"` with PROJECT unset is `--cwd=`: run in the current folder, it is the session in the
// wrong place the check exists to refuse.
it('an empty --cwd is refused (CLI_USAGE), in either spelling', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-cwd-'));
  expect(codeOf(['--cwd='], cwd)).toBe('CLI_USAGE');
  expect(codeOf(['--cwd', ''], cwd)).toBe('CLI_USAGE');
  expect(codeOf(['--cwd', '  '], cwd)).toBe('CLI_USAGE');
});

it('a folder, a symlink to one, each of several --cwd, and what follows -- are judged as given', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'codev-cwd-'));
  symlinkSync(cwd, path.join(cwd, 'here'));
  expect(codeOf(['--cwd', 'here'], cwd)).toBe('accepted');
  expect(codeOf(['--cwd=.', '--cwd', 'missing'], cwd)).toBe('CLI_USAGE');
  expect(codeOf(['agent.ts', '--', '--cwd', 'missing'], cwd)).toBe('accepted');
});
