import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const IDENTITY = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };

/** Test-only: runs git in `cwd` with a test identity. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...IDENTITY }, encoding: 'utf8', stdio: 'pipe' }).trim();
}

/**
 * Test-only: a git repository in `root` with tracked, untracked, ignored, binary, executable, CRLF (under
 * `* text=auto`), empty and oddly named files, links (one to a folder, one dangling), a nested repository and
 * a stash entry.
 */
export function makeMixedProject(root: string): void {
  git(root, 'init', '-q', '-b', 'main');
  const write = (name: string, content: string | Buffer): void => {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  };
  write('.gitignore', 'ignored/\n*.log\n');
  write('.gitattributes', '* text=auto\n');
  write('src/index.ts', 'export const a = 1;\n');
  write('src/lib/util.ts', 'export const b = 2;\n');
  write('a', 'file a\n');
  write('c', '#!/bin/sh\necho c\n');
  write('crlf.txt', 'one\r\ntwo\r\n');
  write('empty', '');
  write('binary.bin', Buffer.from([0, 1, 2, 255, 254, 0, 10, 13]));
  write('with space and ünïcode.txt', 'odd name\n');
  write('new\nline', 'newline in the name\n');
  write('script.sh', '#!/bin/sh\necho run\n');
  chmodSync(path.join(root, 'script.sh'), 0o755);
  symlinkSync('src/index.ts', path.join(root, 'link-to-file'));
  symlinkSync('src', path.join(root, 'link-to-folder'));
  symlinkSync('does/not/exist', path.join(root, 'dangling'));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  write('a', 'file a, stashed change\n');
  git(root, 'stash', '-q');
  write('untracked.txt', 'not added\n');
  write('ignored/big.txt', 'ignored\n');
  write('debug.log', 'ignored too\n');
  mkdirSync(path.join(root, 'nested'));
  git(path.join(root, 'nested'), 'init', '-q');
  write('nested/inner.txt', 'the nested repository\n');
}
