import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import { joinSentences } from '../../errors/join-sentences.ts';
import { suggestKey } from '../../errors/suggest-key.ts';
import { formatUserStack, isVerbose } from '../../errors/user-stack-frames.ts';
import { runToolUse } from '../../execution/run-tool-use.ts';
import type { ToolResultUpdate } from '../../execution/types.ts';
import { createKernel } from '../../index.ts';
import { allowRuleAdvice } from '../../permissions/allow-rule-advice.ts';
import { parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import { locateThrown } from '../../plugins/locate-thrown.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import { holdSession } from '../../session/hold-session.ts';
import type { ToolResultBlockParam } from '../../tool/types.ts';
import { TOOL_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { printLoadErrors } from '../print-load-errors.ts';
import { checkRuleFlags, throwRuleErrors } from './check-rule-flags.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { permissionModeOption, TOOL_CALL_OPTIONS } from './tool-call-options.ts';
import type { CommandIo } from './types.ts';

/**
 * `codev tool <Name> [json]`: one call through the whole lifecycle, non-interactively. Exit 0 on success, 1
 * when the call failed or was denied, 2 for a name no tool has or an input its schema refuses.
 */
export async function toolCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, TOOL_CALL_OPTIONS);
  if (values.help) {
    io.stdout(TOOL_HELP);
    return 0;
  }
  const [name, rawInput, ...extra] = positionals;
  if (!name) throw new CodevError('CLI_USAGE', 'Missing the tool name', { hint: 'codev tool <Name> \'{"key":"value"}\' (see codev tools)' });
  if (extra.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${extra.join(' ')}`, { hint: 'pass the input as one JSON argument, quoted' });
  const mode = permissionModeOption(values['permission-mode']);
  for (const rule of [...(values.allow ?? []), ...(values.deny ?? []), ...(values.ask ?? [])]) {
    try {
      parsePermissionRule(rule);
    } catch (error) {
      throw new CodevError('CLI_USAGE', (error as Error).message, { hint: "quote the rule for the shell, e.g. --allow 'Bash(npm test)'" });
    }
  }
  checkRuleFlags(values);
  const input = parseInput(rawInput === '-' ? await io.readStdin() : rawInput);
  const kernel = await createKernel({ cwd: values.cwd ?? io.cwd, env: io.env, permissionMode: mode, allow: values.allow, deny: values.deny, ask: values.ask });
  // The first SIGINT or SIGTERM cancels the call (its processes stopped, the kernel closed): exit 130 or 143.
  const stop = stopOnSignals(io);
  try {
    throwRuleErrors(kernel.errors);
    printLoadErrors(kernel, io.stderr);
    const context = kernel.createToolUseContext({ signal: stop.signal });
    // Held and never released, the session folder outlives the command (kernel.close() ends only the
    // sessions nobody holds), so a persisted output it prints stays readable; the next codev start in this
    // project removes it, as it does every folder a finished process left (the hold sweeps them first).
    await holdSession({ sessionDirectory: context.sessionDirectory, leftovers: { directory: path.dirname(context.sessionDirectory) } });
    context.onWarning = (message) => io.stderr(`codev: ${message}\n`);
    let result: ToolResultUpdate | undefined;
    for await (const update of runToolUse({ type: 'tool_use', id: `cli_${Date.now().toString(36)}`, name, input }, undefined, denyAsks, context)) {
      if (update.type === 'result') result = update;
    }
    if (!result) throw new CodevError('TOOL_FAILED', 'The call ended without a result');
    // The model reads only the message; the person running the call also sees where call() threw.
    const location = result.thrown === undefined ? undefined : await locateThrown(result.thrown);
    if (result.thrown !== undefined) {
      const stack = formatUserStack(result.thrown, { verbose: isVerbose({ argv, env: io.env }) });
      io.stderr(`codev: ${result.toolName} threw${location ? ` at ${location}` : ''}${stack.length > 0 ? `\n${stack.join('\n')}` : ''}\n`);
    }
    if (values.json) {
      const decision = result.decision && { behavior: result.decision.behavior, source: result.decision.source, ...(result.decision.rule ? { rule: result.decision.rule } : {}) };
      io.stdout(`${JSON.stringify({ is_error: result.isError, ...(result.errorCode ? { error_code: result.errorCode } : {}), ...(location ? { error_location: location } : {}), content: result.block.content, decision: decision ?? null }, null, 2)}\n`);
    } else {
      (result.isError ? io.stderr : io.stdout)(`${renderContent(result.block)}\n`);
    }
    // The name and the input came from the command line: a name no tool has, or an input the tool's schema
    // refuses, is a usage error (exit 2), as bad JSON is; the result is printed all the same (--json too).
    // A tool a blanket deny rule took out of the pool is there, and denied (exit 1).
    const unknown = result.errorCode === 'TOOL_NOT_FOUND' && !Object.values(context.permissionContext.alwaysDenyRules).some((rules) => rules?.includes(name));
    if (unknown) {
      const meant = suggestKey({ key: name, candidates: context.tools.map((tool) => tool.name) });
      io.stderr(`codev tool: no tool is named "${name}".${meant === undefined ? '' : ` Did you mean "${meant}"?`} (codev tools lists them)\n`);
    }
    return stop.exitCode ?? (unknown || result.errorCode === 'INPUT_INVALID' ? 2 : result.isError ? 1 : 0);
  } finally {
    await kernel.close();
    stop.dispose();
  }
}

/**
 * Nobody can answer a prompt here: an ask is denied (by codev, not by a user), and the message says which
 * rule would allow it, unless none would (rules that failed to load: the message says how to fix them).
 */
const denyAsks: CanUseTool = (_tool, _input, options) => ({
  behavior: 'deny',
  unattended: true,
  message: joinSentences(options.message, `codev tool is not interactive, so the call was denied.${allowRuleAdvice(options)}`),
});

function parseInput(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new CodevError('CLI_USAGE', `The input is not valid JSON: ${(error as Error).message}`, { hint: 'quote it for the shell, e.g. \'{"command":"ls"}\'' });
  }
}

function renderContent(block: ToolResultBlockParam): string {
  if (typeof block.content === 'string') return block.content;
  return block.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}
