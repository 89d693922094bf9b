import { randomUUID } from 'node:crypto';
import { CodevError } from '../../errors/codev-error.ts';
import { commandEnvironment } from '../../processes/command-environment.ts';
import type { EnvironmentPolicy } from '../../processes/environment-policy.ts';
import { defineHook } from '../define-hook.ts';
import { markHookFailure } from '../hook-progress.ts';
import type { HookInput, ToolHook } from '../types.ts';
import { findHookScriptFiles } from './find-hook-script-files.ts';
import { interpretCommandResult } from './interpret-command-result.ts';
import { runHookCommand } from './run-hook-command.ts';
import { toHookStdin } from './to-hook-stdin.ts';
import type { CommandHookConfig } from './types.ts';

/** A command hook's timeout when it sets none, in seconds (Claude Code's default). */
export const DEFAULT_COMMAND_HOOK_TIMEOUT_SECONDS = 600;
/** A UserPromptSubmit command hook's, shorter since the user waits for it (Claude Code's default). */
export const DEFAULT_PROMPT_HOOK_TIMEOUT_SECONDS = 30;
/** The in-process timeout is the command's plus this, so the command's own timeout (and its kill) fires first. */
const KERNEL_GRACE_MS = 5_000;
/** One id per process, for scripts that key on `session_id`. */
const PROCESS_SESSION_ID = randomUUID();

export interface CommandHookOptions {
  /** Where commands run; also `CODEV_PROJECT_DIR` and `CLAUDE_PROJECT_DIR`. */
  projectDir: string;
  /** `session_id` on stdin. Default: one random id per process. */
  sessionId?: string;
  /** `transcript_path` on stdin. Default `''` (codev keeps no transcript file). */
  transcriptPath?: string;
  /** The environment, before the policy and the project variables: default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Which of `env`'s variables the command receives: never credentials by default (see `commandEnvironment`). */
  environment?: EnvironmentPolicy;
  /**
   * Receives non-blocking failures (a non-zero exit other than 2, a timeout, bad JSON). Default: a hook
   * other than PreToolUse with nothing else to say throws, so the kernel (or the subagent run) reports it
   * as a warning and nothing changes; other failures go to `process.emitWarning`.
   */
  onError?: (message: string) => void;
}

/**
 * Turns a command hook config into a `ToolHook` that speaks Claude Code's protocol: the input JSON on
 * stdin, the answer as exit code 2 (blocking, stderr is the reason) or JSON on stdout. Failures are
 * non-blocking and reported, unless `onFailure: 'block'`. Throws `HOOK_INVALID` for a bad config.
 *
 * @example
 * defineCommandHook({ event: 'PreToolUse', matcher: 'Bash', command: './hooks/check.sh', timeout: 30 }, { projectDir: root });
 */
export function defineCommandHook(config: CommandHookConfig, options: CommandHookOptions): ToolHook {
  if (typeof config?.command !== 'string' || config.command.trim() === '') {
    throw new CodevError('HOOK_INVALID', 'A command hook needs a command', { field: 'command', hint: 'use e.g. command: "./hooks/check.sh"' });
  }
  const timeoutSeconds = config.timeout ?? (config.event === 'UserPromptSubmit' ? DEFAULT_PROMPT_HOOK_TIMEOUT_SECONDS : DEFAULT_COMMAND_HOOK_TIMEOUT_SECONDS);
  if (typeof timeoutSeconds !== 'number' || !(timeoutSeconds > 0)) {
    throw new CodevError('HOOK_INVALID', 'A command hook timeout must be a positive number of seconds', { field: 'timeout', hint: 'use e.g. timeout: 30' });
  }
  const onFailure = config.onFailure ?? 'continue';
  const name = config.name ?? `${config.event}(${config.matcher ?? '*'}): ${shorten(config.command)}`;
  const env = { ...commandEnvironment({ base: options.env, policy: options.environment }), CODEV_PROJECT_DIR: options.projectDir, CLAUDE_PROJECT_DIR: options.projectDir };
  const session = { sessionId: options.sessionId ?? PROCESS_SESSION_ID, transcriptPath: options.transcriptPath ?? '' };

  async function handler(input: HookInput) {
    const run = await runHookCommand({
      command: config.command,
      stdin: JSON.stringify(toHookStdin(input, session)),
      cwd: options.projectDir,
      env,
      timeoutMs: timeoutSeconds * 1000,
      signal: input.signal,
    });
    const { answer, problems, blocked } = interpretCommandResult({ event: input.hookEventName, run, onFailure, timeoutSeconds });
    if (problems.length > 0) {
      const message = `${name} hook error: ${problems.join('; ')}`;
      if (options.onError) options.onError(message);
      else if (input.hookEventName !== 'PreToolUse' && !answer) throw new Error(problems.join('; '));
      else process.emitWarning(message, { code: 'CODEV_HOOK_ERROR' });
    }
    // The run's progress says `failed` (blocking or not); an empty answer has no effect, like none.
    const failure = blocked ?? (problems.length > 0 ? problems.join('; ') : undefined);
    return failure === undefined ? answer : markHookFailure(answer ?? {}, failure);
  }

  return defineHook({
    event: config.event,
    matcher: config.matcher,
    name,
    timeout: timeoutSeconds * 1000 + KERNEL_GRACE_MS,
    handler: handler as never,
    protectedFiles: findHookScriptFiles(config.command, options.projectDir),
  });
}

function shorten(command: string): string {
  const line = command.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
