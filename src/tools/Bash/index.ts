import { z } from 'zod';
import { CodevError } from '../../errors/codev-error.ts';
import { withheldVariables } from '../../processes/command-environment.ts';
import { redactSecretsInFile } from '../../processes/redact-secrets-in-file.ts';
import type { BashProgress } from '../../progress/types.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import { agentIdOf } from '../../tool/agent-id-of.ts';
import { DEFAULT_BACKGROUND_TIMEOUT_MS, startBackgroundShellTask } from '../../tasks/start-background-shell-task.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { DEFAULT_TIMEOUT_MS, MAX_BACKGROUND_TIMEOUT_MS, MAX_TIMEOUT_MS, type BashOutput } from './bash-output.ts';
import { checkBashPermissions } from './check-bash-permissions.ts';
import { classifyCommand } from './classify-command.ts';
import { isReadOnlyCommand } from './is-read-only-command.ts';
import { mapBashResult } from './map-bash-result.ts';
import { bashOutputPath, persistBashOutput } from './persist-bash-output.ts';
import { BASH_DESCRIPTION, BASH_PROMPT } from './prompt.ts';
import { resolveIsolation, sandboxChoice } from './resolve-isolation.ts';
import { runForegroundCommand } from './run-foreground-command.ts';
import { withDeniedPaths } from './with-denied-paths.ts';

const inputSchema = z.strictObject({
  command: z.string().describe('The command to execute'),
  timeout: z.number().int().positive().optional().describe(`Optional timeout in milliseconds (max ${MAX_TIMEOUT_MS})`),
  description: z.string().optional().describe('Clear, concise description of what this command does in 5-10 words'),
  run_in_background: z.boolean().optional().describe('Run the command in the background; read its output later with TaskOutput'),
  dangerouslyDisableSandbox: z.boolean().optional().describe('Run this command outside the sandbox (needs approval)'),
});

/** Runs a shell command: one process per call, sandboxed by bubblewrap when available, optionally in the background. */
export const bashTool = buildBuiltinTool<typeof inputSchema, BashOutput, BashProgress>({
  name: 'Bash',
  searchHint: 'shell command terminal run execute script',
  inputSchema,
  description: BASH_DESCRIPTION,
  prompt: () => BASH_PROMPT,
  strict: true,
  maxResultSizeChars: 30_000,
  isReadOnly: (input) => isReadOnlyCommand(input.command),
  isConcurrencySafe: (input) => isReadOnlyCommand(input.command),
  isDestructive: (input) => /(^|[\s;&|(])(rm|rmdir|dd|mkfs|shred|truncate)\s/.test(input.command) || /git\s+(push|reset|clean)/.test(input.command),
  getPermissionTargets: (input) => [{ kind: 'command', command: input.command, sandboxed: sandboxChoice(input).sandbox }],
  checkPermissions: checkBashPermissions,
  // 'block': an interrupt is handled by the call, which kills the command and ends only once it is gone.
  interruptBehavior: () => 'block',
  toAutoClassifierInput: (input) => input.command,
  userFacingName: (input) => (input?.dangerouslyDisableSandbox ? 'Bash (unsandboxed)' : 'Bash'),
  getActivityDescription: (input) => `Running ${input.description ?? input.command ?? 'a command'}`,
  renderToolUseMessage: (input, { verbose }) => {
    const command = input.command ?? '';
    const kind = command ? classifyCommand(command) : undefined;
    const text = verbose || command.length <= 160 ? command : `${command.slice(0, 160)}…`;
    return kind && !verbose ? `${text} [${kind}]` : text;
  },
  renderToolResultMessage: (output) => mapBashResult(output, '').content as string,
  renderToolUseProgressMessage: (progress) => {
    const last = progress.at(-1);
    return last ? `${last.output}\n(${last.elapsedTimeSeconds}s, ${last.totalLines} lines)` : '';
  },
  mapToolResultToToolResultBlockParam: mapBashResult,
  async call(input, context) {
    const { environment } = context as typeof context & Partial<ToolUseContext>;
    const isolation = await withDeniedPaths(resolveIsolation({ dangerouslyDisableSandbox: input.dangerouslyDisableSandbox, context }), context);
    if (input.run_in_background) {
      const timeoutMs = Math.min(input.timeout ?? DEFAULT_BACKGROUND_TIMEOUT_MS, MAX_BACKGROUND_TIMEOUT_MS);
      const task = startBackgroundShellTask({ command: input.command, description: input.description, cwd: context.cwd, sessionDirectory: context.sessionDirectory, isolation, environment, timeoutMs, owner: agentIdOf(context) });
      const data: BashOutput = { stdout: '', stderr: '', interrupted: false, timedOut: false, timeoutMs, backgroundTaskId: task.id, outputFile: task.outputFile, sandboxed: isolation.sandbox };
      return { data: input.timeout !== undefined && input.timeout > MAX_BACKGROUND_TIMEOUT_MS ? { ...data, timeoutClamped: true } : data };
    }
    const requested = input.timeout ?? DEFAULT_TIMEOUT_MS;
    const timeoutMs = Math.min(requested, MAX_TIMEOUT_MS);
    const outputPath = bashOutputPath({ sessionDirectory: context.sessionDirectory, resultsDirectory: context.resultsDirectory, toolUseId: context.toolUseId });
    const { killError, ...result } = await runForegroundCommand({ command: input.command, cwd: context.cwd, isolation, environment, sessionDirectory: context.sessionDirectory, timeoutMs, signal: context.signal, onProgress: context.onProgress, outputPath });
    if (killError) throw killError;
    if (result.interrupted) throw new CodevError('TOOL_ABORTED', 'The command was interrupted; its processes were killed.', { tool: 'Bash' });
    // The saved output is part of the saved session: redacted as the result will be.
    const secrets = withheldVariables({ policy: environment });
    if (result.persistedOutputPath) await redactSecretsInFile(result.persistedOutputPath, secrets);
    // Big output is already in the file; small output is cut (and saved) here if it is over the inline limit.
    const kept = result.persistedOutputPath ? {} : await persistBashOutput({ stdout: result.stdout, stderr: result.stderr, sessionDirectory: context.sessionDirectory, resultsDirectory: context.resultsDirectory, toolUseId: context.toolUseId, secrets });
    return {
      data: { ...result, ...kept, timeoutMs, sandboxed: isolation.sandbox, ...(requested > MAX_TIMEOUT_MS ? { timeoutClamped: true } : {}) },
    };
  },
});
