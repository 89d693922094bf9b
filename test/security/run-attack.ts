import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { toolCommand } from '../../src/cli/commands/tool-command.ts';
import { sweepPlaceholders } from '../../src/sandbox/placeholders.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';

/** One attack, run the way a user runs a tool by hand: `codev tool <Tool> '<json>' --cwd <project> --json`. */
export interface Attack {
  /** The tool (default Bash). */
  tool?: string;
  /** A Bash command, or the tool's whole input. */
  input: string | Record<string, unknown>;
  mode?: string;
  allow?: readonly string[];
  deny?: readonly string[];
  ask?: readonly string[];
  /** Run with the sandbox (default) or with `CODEV_SANDBOX=0`. */
  sandbox?: boolean;
  /** Files of the fresh project (a package.json is always there). */
  files?: Record<string, string>;
  /** Files in a folder outside the project (`{{outside}}`), and in its string-prefix sibling `{{project}}-evil`. */
  outsideFiles?: Record<string, string>;
  siblingFiles?: Record<string, string>;
  /** Make the project a git repository with one commit. */
  git?: boolean;
  /** Runs last, before the tool: links, git config… (`root` and `outside` are real paths). */
  setup?: (places: { root: string; outside: string }) => void;
}

export interface AttackRun {
  project: TempProject;
  /** A folder beside the project (`<tmp>/outside-…`), for reads and writes outside it. */
  outside: string;
  exitCode: number;
  output: { is_error: boolean; content: unknown; decision: { behavior: string; source: string; rule?: string } | null };
  /** The result's text. */
  text: string;
}

/**
 * Runs `codev tool` in-process against a fresh temp project (and a folder outside it). `{{project}}` and
 * `{{outside}}` in the input are replaced by their paths. The caller judges the attack by its real effect.
 */
export async function runAttack(attack: Attack): Promise<AttackRun> {
  const project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{"name":"victim","private":true}', ...attack.files } });
  const root = realpathSync(project.root);
  const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-outside-')));
  for (const [relative, content] of Object.entries(attack.outsideFiles ?? {})) writeNew(path.join(outside, relative), content);
  for (const [relative, content] of Object.entries(attack.siblingFiles ?? {})) writeNew(path.join(`${root}-evil`, relative), content);
  if (attack.git) initRepository(root);
  attack.setup?.({ root, outside });
  const fill = (text: string) => text.replaceAll('{{project}}', root).replaceAll('{{outside}}', outside);
  const input = typeof attack.input === 'string' ? { command: fill(attack.input) } : JSON.parse(fill(JSON.stringify(attack.input)));
  const argv = [attack.tool ?? 'Bash', JSON.stringify(input), '--cwd', root, '--json'];
  if (attack.mode) argv.push('--permission-mode', attack.mode);
  for (const [flag, rules] of [['--allow', attack.allow], ['--deny', attack.deny], ['--ask', attack.ask]] as const) for (const rule of rules ?? []) argv.push(flag, fill(rule));
  let stdout = '';
  const previous = process.env.CODEV_SANDBOX;
  process.env.CODEV_SANDBOX = attack.sandbox === false ? '0' : '1';
  try {
    const exitCode = await toolCommand(argv, { stdout: (text) => void (stdout += text), stderr: () => {}, readStdin: async () => '', cwd: root, env: process.env });
    // As when `codev tool` exits: the sandbox's placeholders linger no longer (an empty `.mcp.json` folder is no planted file).
    sweepPlaceholders();
    const output = JSON.parse(stdout) as AttackRun['output'];
    const text = typeof output.content === 'string' ? output.content : JSON.stringify(output.content);
    return { project: { ...project, root }, outside, exitCode, output, text };
  } finally {
    if (previous === undefined) delete process.env.CODEV_SANDBOX;
    else process.env.CODEV_SANDBOX = previous;
  }
}

/** Removes what a run made. */
export function cleanUp(run: AttackRun): void {
  rmSync(run.project.root, { recursive: true, force: true });
  rmSync(run.outside, { recursive: true, force: true });
  rmSync(`${run.project.root}-evil`, { recursive: true, force: true });
}

/** Whether a file exists in the project. */
export function exists(run: AttackRun, relative: string): boolean {
  return existsSync(path.join(run.project.root, relative));
}

/** A named case judged by its real effect: `worked` says whether what it tried happened. */
export interface JudgedAttack extends Attack {
  name: string;
  worked: (run: AttackRun) => boolean | Promise<boolean>;
  /** Only meaningful with bubblewrap: skipped where it is missing. */
  needsSandbox?: boolean;
  /** Ordinary work, whose effect must happen (for `expectEffectOnlyWhenBenign`). */
  benign?: boolean;
}

/**
 * Runs an attack and expects it had no effect (the failure message names the decision and the start of the
 * result); with `refused`, also expects the decision was not allow. Cleans up either way.
 */
export async function expectHeld(attack: JudgedAttack, options: { refused?: boolean } = {}): Promise<void> {
  const run = await runAttack(attack);
  try {
    if (options.refused) expect(run.output.decision?.behavior, run.text.slice(0, 300)).not.toBe('allow');
    expect(await attack.worked(run), `${run.output.decision?.behavior ?? 'no decision'}: ${run.text.slice(0, 300)}`).toBe(false);
  } finally {
    cleanUp(run);
  }
}

/** Runs ordinary work and expects it allowed and done (its effect seen). Cleans up either way. */
export async function expectAllowed(attack: JudgedAttack): Promise<void> {
  const run = await runAttack(attack);
  try {
    expect(run.output.decision?.behavior, run.text.slice(0, 300)).toBe('allow');
    expect(await attack.worked(run), run.text.slice(0, 300)).toBe(true);
  } finally {
    cleanUp(run);
  }
}

/** Runs a case marked `benign` or not and expects its effect exactly when it is benign. Cleans up either way. */
export async function expectEffectOnlyWhenBenign(attack: JudgedAttack): Promise<void> {
  const run = await runAttack(attack);
  try {
    expect(await attack.worked(run), run.text).toBe(attack.benign === true);
  } finally {
    cleanUp(run);
  }
}

function writeNew(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function initRepository(root: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  git('init', '-q', '.');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial', '--allow-empty');
}
