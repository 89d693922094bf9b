/** Test-only: the job the rewind tests run, its model and its repository. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { textReply, toolUseReply } from '../../../src/testing/index.ts';

/** A user message holding this makes the model check its checkout (HEAD and `git status`), then answer `checked`. */
export const CHECK = 'CHECK the checkout';

export const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

export const blocksOf = (messages: readonly Anthropic.MessageParam[]) => messages.flatMap((message) => (typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content));

/** The checkout of the one job at work under `workspaces` (a job's Writes run while no other job's folder is there). */
function checkoutIn(workspaces: string): string {
  const job = readdirSync(workspaces).find((name) => !name.startsWith('.'))!;
  return realpathSync(path.join(workspaces, job, readdirSync(path.join(workspaces, job)).find((name) => !name.startsWith('.'))!));
}

/**
 * The model's next step, from the conversation alone (a job rewound anywhere goes on the same way): Write
 * a/one.txt (toolu_1), Write src/two.txt (toolu_2), Bash `rm -rf src && mv a b` (toolu_3, after `sleepSeconds`),
 * then `done`. After a CHECK message: the check (toolu_check), then `checked`.
 */
export function rewindReply(messages: readonly Anthropic.MessageParam[], options: { workspaces: string; sleepSeconds?: number }) {
  const blocks = blocksOf(messages);
  const answered = new Set(blocks.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])));
  if (blocks.some((block) => block.type === 'text' && block.text.includes(CHECK))) {
    return answered.has('toolu_check') ? textReply('checked') : toolUseReply('Bash', { command: 'git rev-parse HEAD && git status --porcelain --untracked-files=all' }, { id: 'toolu_check' });
  }
  if (!answered.has('toolu_1')) return toolUseReply('Write', { file_path: path.join(checkoutIn(options.workspaces), 'a', 'one.txt'), content: 'one\n' }, { id: 'toolu_1' });
  if (!answered.has('toolu_2')) return toolUseReply('Write', { file_path: path.join(checkoutIn(options.workspaces), 'src', 'two.txt'), content: 'two\n' }, { id: 'toolu_2' });
  const sleep = options.sleepSeconds ? `sleep ${options.sleepSeconds} && ` : '';
  if (!answered.has('toolu_3')) return toolUseReply('Bash', { command: `${sleep}rm -rf src && mv a b` }, { id: 'toolu_3' });
  return textReply('done');
}

/** `<run>/<name>.git`, a bare repository whose main holds README.md, src/main.ts and a .gitignore of `*.log`. */
export function createRewindRepository(run: string, name: string): string {
  const seed = path.join(run, `${name}-seed`);
  mkdirSync(path.join(seed, 'src'), { recursive: true });
  writeFileSync(path.join(seed, 'README.md'), 'hello\n');
  writeFileSync(path.join(seed, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(path.join(seed, '.gitignore'), '*.log\n');
  git(seed, 'init', '-q', '-b', 'main');
  git(seed, 'add', '.');
  git(seed, 'commit', '-qm', 'seed');
  const remote = path.join(run, `${name}.git`);
  git(run, 'clone', '-q', '--bare', seed, remote);
  return remote;
}

/** The files of `commit` in `remote`. */
export const treeOf = (remote: string, commit: string) => git(remote, 'ls-tree', '-r', '--name-only', commit).split('\n').filter(Boolean);

/** The ids of the tool calls of a conversation, in order. */
export const toolUseIds = (messages: readonly Anthropic.MessageParam[]) => blocksOf(messages).flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
