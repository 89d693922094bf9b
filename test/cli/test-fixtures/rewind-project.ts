/** Test-only: a git project an agent changed in two turns (a Write, then Bash `rm -rf src && mv a b`), for `codev rewind`. */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codevModule, createTempProject, type TempProject } from '../../../src/plugins/test-fixtures/create-temp-project.ts';
import { textReply, toolUseReply, type FakeScript } from '../../../src/testing/index.ts';
import { runCodev, type ProcessRun } from '../run-codev.ts';

/** The files before the run (committed), and as the agent left them. */
export const BEFORE: Readonly<Record<string, string>> = { 'a': 'a\n', 'src/one.ts': 'export const one = 1;\n', 'src/two.ts': 'export const two = 2;\n' };
export const AFTER: Readonly<Record<string, string>> = { 'b': 'a\n', 'hello.txt': 'hello\n' };
/** As checkpoint 2 had them: after the Write, before the Bash. */
export const AT_TURN_2: Readonly<Record<string, string>> = { ...BEFORE, 'hello.txt': 'hello\n' };

/**
 * The scripted model: to the prompt "write hello" it Writes hello.txt; to the Write's result it runs Bash
 * `rm -rf src && mv a b`; to anything else it answers in text (its last user message's text quoted).
 */
export function rewindModel(root: string): FakeScript {
  return (request) => {
    const last = request.body.messages?.at(-1);
    const blocks = typeof last?.content === 'string' ? [{ type: 'text' as const, text: last.content }] : (last?.content ?? []);
    const text = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(' ');
    if (text.includes('write hello')) return toolUseReply('Write', { file_path: path.join(root, 'hello.txt'), content: 'hello\n' });
    const written = blocks.some((block) => block.type === 'tool_result' && JSON.stringify(block.content).includes('hello.txt'));
    if (written && text === '') return toolUseReply('Bash', { command: 'rm -rf src && mv a b' });
    return textReply(`Done: ${text}`);
  };
}

/** A git project with BEFORE (and `extra`, e.g. more files under src/) committed, and an agent script. */
export async function createRewindProject(options: { extra?: Record<string, string> } = {}): Promise<TempProject> {
  const project = await createTempProject({
    location: 'os-tmpdir',
    files: {
      'package.json': '{ "type": "module" }',
      '.gitignore': 'node_modules/\n.codev/\n',
      'agent.ts': `import { defineAgent } from '${codevModule('agent/define-agent.ts')}';\nexport default defineAgent({ system: 'Be brief.' });\n`,
      ...BEFORE,
      ...options.extra,
    },
  });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: project.root, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'start');
  return project;
}

/** The project's files (agent.ts, package.json, .gitignore, codev.config.json, .git and .codev aside), path → content. */
export function filesOf(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const relative = path.relative(root, file);
      if (['.git', '.codev', 'agent.ts', 'package.json', '.gitignore', 'codev.config.json'].includes(relative)) continue;
      if (lstatSync(file).isDirectory()) walk(file);
      else files[relative.split(path.sep).join('/')] = readFileSync(file, 'utf8');
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/** `codev <args> --cwd root` against the fake model at `url`. */
export function codevIn(root: string, url: string): (args: string[]) => Promise<ProcessRun> {
  return (args) => runCodev([...args, '--cwd', root], { ANTHROPIC_BASE_URL: url, NO_COLOR: '1', CODEV_MAX_RETRIES: '0' });
}

/** The session id `codev run` names on stderr. */
export function sessionIn(stderr: string): string | undefined {
  return /session ([0-9a-f-]{36})/.exec(stderr)?.[1];
}
