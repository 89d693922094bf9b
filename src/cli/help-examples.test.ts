import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeAtExit } from '../testing/remove-at-exit.ts';
import * as help from './help.ts';
import { main } from './main.ts';

const HELP_TEXTS = Object.entries(help).filter(([name]) => name.endsWith('_HELP')) as [string, string][];
const CWD = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-help-examples-')));

/** The lines of a help text's `Examples:` section (indented, up to the first blank line). */
function examplesOf(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf('Examples:');
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.trim());
}

/**
 * The simple commands of a shell line as argv arrays (quotes and backslashes as sh reads them), split at
 * unquoted `|`, `&&`, `||` and `;`, each cut at a redirection (`>`, `<`).
 */
function splitShellLine(line: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | undefined;
  let redirected = false;
  const end = () => {
    if (word !== undefined && !redirected) commands.at(-1)!.push(word);
    word = undefined;
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === "'") {
      const close = line.indexOf("'", index + 1);
      word = (word ?? '') + line.slice(index + 1, close);
      index = close;
    } else if (char === '"') {
      let text = '';
      for (index++; line[index] !== '"'; index++) text += line[index] === '\\' && '"\\$`'.includes(line[index + 1]!) ? line[++index] : line[index];
      word = (word ?? '') + text;
    } else if (char === '\\') word = (word ?? '') + line[++index];
    else if (char === ' ') end();
    else if (char === '|' || char === '&' || char === ';') {
      end();
      if (line[index + 1] === char) index++;
      commands.push([]);
      redirected = false;
    } else if (char === '>' || char === '<') {
      end();
      redirected = true;
    } else word = (word ?? '') + char;
  }
  end();
  return commands.filter((words) => words.length > 0);
}

/** The codev command lines of an example, as argv after `codev`, including one run by `xargs` or after a `--`. */
function codevCommands(line: string): string[][] {
  return splitShellLine(line).flatMap(codevArgv);
}

function codevArgv(words: readonly string[]): string[][] {
  const start = words[0] === 'codev' ? 1 : words[0] === 'xargs' && words[1] === 'codev' ? 2 : -1;
  if (start === -1) return [];
  const argv = words.slice(start);
  const separator = argv.indexOf('--');
  return separator === -1 ? [argv] : [argv.slice(0, separator), ...codevArgv(argv.slice(separator + 1))];
}

/**
 * Runs codev in this process as the example would, with `--help` added: the command's parser reads every
 * flag of the example (an unknown one is CLI_USAGE, exit 2), then prints its help instead of running.
 */
async function helpFor(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main([...argv, '--help'], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), readStdin: async () => '{}', cwd: CWD, env: {}, isTTY: false });
  return { code, stdout, stderr };
}

/** The flags an example gives (`--name`, `-x`), each of which its command's help must name. */
function flagsOf(argv: readonly string[]): string[] {
  return argv.filter((word) => /^--?[a-z]/i.test(word)).map((word) => word.split('=')[0]!);
}

describe('every help text has examples that codev accepts', () => {
  it.each(HELP_TEXTS)('%s has an Examples section', (_name, text) => {
    expect(examplesOf(text).length).toBeGreaterThan(0);
    expect(examplesOf(text).flatMap(codevCommands).length).toBeGreaterThan(0);
  });

  it.each(HELP_TEXTS)("%s's examples parse: their commands exist and take each flag they give", async (_name, text) => {
    const texts = HELP_TEXTS.map(([, other]) => other);
    for (const argv of examplesOf(text).flatMap(codevCommands)) {
      const run = await helpFor(argv);
      expect({ argv, code: run.code, stderr: run.stderr }).toEqual({ argv, code: 0, stderr: '' });
      expect(texts, `codev ${argv.join(' ')} printed no help of help.ts`).toContain(run.stdout);
      for (const flag of flagsOf(argv)) expect(run.stdout, `codev ${argv.join(' ')}: ${flag} is not in its help`).toMatch(new RegExp(`(^|[\\s,(])${flag}\\b`, 'm'));
    }
  });

  it('every command the main help lists has a help with examples', async () => {
    const commands = help.MAIN_HELP.slice(help.MAIN_HELP.indexOf('Commands:')).split('\n\n')[0]!.split('\n').slice(1).map((line) => line.trim().split(' ')[0]!);
    expect(commands).toEqual(expect.arrayContaining(['run', 'tools', 'tool', 'init', 'sessions', 'rewind', 'queue', 'worker', 'rules', 'instructions']));
    for (const command of commands) {
      const run = await helpFor([command]);
      expect({ command, code: run.code }).toEqual({ command, code: 0 });
      expect(examplesOf(run.stdout).length, command).toBeGreaterThan(0);
    }
  });

  it('the check refuses an example with a flag its command does not take, or an unknown command', async () => {
    expect((await helpFor(codevCommands(`codev run agent.ts --no-such-flag`)[0]!)).code).toBe(2);
    expect((await helpFor(codevCommands(`codev queue add agent.ts --prompt hi --no-such-flag`)[0]!)).code).toBe(2);
    expect((await helpFor(codevCommands(`codev no-such-command`)[0]!)).code).toBe(2);
    expect(codevCommands(`echo '{"a":"b | c"}' | codev tool Grep - > out.txt && xargs codev queue watch`)).toEqual([['tool', 'Grep', '-'], ['queue', 'watch']]);
    expect(codevCommands(`codev fake-model --port 0 -- codev run agent.ts "it's \\"quoted\\""`)).toEqual([['fake-model', '--port', '0'], ['run', 'agent.ts', 'it\'s "quoted"']]);
  });

  it("rules explain's examples give inputs their tool takes, so the explanation is of a call that could be made", async () => {
    const examples = examplesOf(help.RULES_HELP).flatMap(codevCommands).filter((argv) => argv[1] === 'explain');
    expect(examples.length).toBeGreaterThan(0);
    // The files the examples name: a link to a folder, and secret.txt beside its target.
    mkdirSync(path.join(CWD, 'real/sub'), { recursive: true });
    writeFileSync(path.join(CWD, 'real/secret.txt'), 'secret\n');
    symlinkSync('real/sub', path.join(CWD, 'link'));
    for (const argv of examples) {
      let stdout = '';
      const code = await main([...argv.filter((word) => word !== '--json'), '--json'], { stdout: (text) => (stdout += text), stderr: () => {}, readStdin: async () => '{}', cwd: CWD, env: {}, isTTY: false });
      expect({ argv, code }).toEqual({ argv, code: 0 });
      expect({ argv, inputError: (JSON.parse(stdout) as { inputError?: string }).inputError }).toEqual({ argv, inputError: undefined });
    }
  });
});
