import { CodevError } from '../../errors/codev-error.ts';
import { createKernel } from '../../index.ts';
import { RULES_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { printLoadErrors } from '../print-load-errors.ts';
import { formatPermissionExplanation } from '../render/format-permission-explanation.ts';
import { checkRuleFlags, throwRuleErrors } from './check-rule-flags.ts';
import { bareInput, explainCall } from './rules-explain-call.ts';
import { permissionModeOption, TOOL_CALL_OPTIONS } from './tool-call-options.ts';
import type { CommandIo } from './types.ts';

/** `codev rules explain <Tool> <input>`: how the project's rules decide one call, without running it. */
export async function rulesExplainCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, TOOL_CALL_OPTIONS);
  if (values.help) {
    io.stdout(RULES_HELP);
    return 0;
  }
  const [toolName, rawInput, ...extra] = positionals;
  if (!toolName || rawInput === undefined) throw new CodevError('CLI_USAGE', 'Missing the tool or its input', { hint: "codev rules explain Bash 'git status' (or a JSON input: '{\"command\":\"git status\"}')" });
  if (extra.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${extra.join(' ')}`, { hint: 'quote the command or the JSON input as one argument' });
  const mode = permissionModeOption(values['permission-mode']);
  checkRuleFlags(values);
  // A JSON input is checked before the project loads; a bare one once the tool's real name is known.
  if (rawInput.trim().startsWith('{')) bareInput({ toolName, text: rawInput, cwd: io.cwd });
  const kernel = await createKernel({ cwd: values.cwd ?? io.cwd, env: io.env, permissionMode: mode, allow: values.allow, deny: values.deny, ask: values.ask });
  try {
    throwRuleErrors(kernel.errors);
    printLoadErrors(kernel, io.stderr);
    const explanation = await explainCall({ kernel, context: kernel.createToolUseContext(), tool: toolName, input: rawInput }).catch((error: unknown) => {
      // The tool's name is a command-line value here: a name no tool has is a usage error (exit 2).
      throw CodevError.isInstance(error) && error.code === 'TOOL_NOT_FOUND' ? new CodevError('CLI_USAGE', error.message, { hint: error.hint }) : error;
    });
    io.stdout(values.json ? `${JSON.stringify(explanation, null, 2)}\n` : formatPermissionExplanation(explanation));
    return 0;
  } finally {
    await kernel.close();
  }
}
