import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { createTestKernel, type TestKernel } from '../../../testing/create-test-kernel.ts';
import type { FakeReply } from '../../../testing/fake-messages-server/fake-reply.ts';
import { textReply, toolUseReply } from '../../../testing/fake-messages-server/fake-reply.ts';

/** A project that is a git repository: tracked, untracked, ignored, binary, executable and symlinked files, one commit. */
export async function createRewindProject(options: { files?: Record<string, string> } = {}): Promise<TestKernel> {
  const test = await createTestKernel({
    mcp: false,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    files: {
      '.gitignore': 'build/\n',
      'src/main.ts': 'export const main = 1;\n',
      'src/util.ts': 'export const util = 2;\n',
      'a.txt': 'alpha\n',
      'c.sh': 'echo c\n',
      'notes.md': 'first line\nsecond line\n',
      'build/out.js': 'ignored output\n',
      'untracked.txt': 'not committed\n',
      ...options.files,
    },
  });
  symlinkSync('a.txt', path.join(test.root, 'link'));
  git(test.root, 'init', '--quiet', '--initial-branch=main');
  git(test.root, 'add', '.gitignore', 'src', 'a.txt', 'c.sh', 'notes.md', 'link', 'package.json');
  git(test.root, 'commit', '--quiet', '-m', 'start');
  return test;
}

/** git in `root`, as the user (no config of the machine's). */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
}

/**
 * The replies of the run: turn 1 Writes new.txt, turn 2's Bash deletes src, renames a.txt, makes c.sh
 * executable and checks out a branch, turn 3 Reads notes.md, turn 4 Edits it, turn 5 answers.
 */
export function rewindRunReplies(root: string): FakeReply[] {
  return [
    toolUseReply('Write', { file_path: path.join(root, 'new.txt'), content: 'new file\n' }, { id: 'toolu_write' }),
    toolUseReply('Bash', { command: 'rm -rf src && mv a.txt b.txt && chmod +x c.sh && git checkout -q -b x' }, { id: 'toolu_bash' }),
    toolUseReply('Read', { file_path: path.join(root, 'notes.md') }, { id: 'toolu_read' }),
    toolUseReply('Edit', { file_path: path.join(root, 'notes.md'), old_string: 'second line', new_string: 'second line, edited' }, { id: 'toolu_edit' }),
    textReply('done'),
  ];
}

/** The files of `root` (ignored build/ and .git, .codev aside): path → content (a link: `-> target`) and executable bit. */
export function filesOf(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(path.join(root, folder))) {
      const relative = folder === '' ? name : `${folder}/${name}`;
      if (['.git', '.codev', 'build', 'node_modules'].includes(relative)) continue;
      const stats = lstatSync(path.join(root, relative));
      if (stats.isDirectory()) walk(relative);
      else if (stats.isSymbolicLink()) files[relative] = `-> ${readlinkSync(path.join(root, relative))}`;
      else files[relative] = `${stats.mode & 0o111 ? 'x ' : ''}${readFileSync(path.join(root, relative), 'utf8')}`;
    }
  };
  walk('');
  return files;
}
