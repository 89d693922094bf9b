import { CodevError } from '../../errors/codev-error.ts';
import type { PermissionExplanation } from '../../execution/explain-permission.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import { bareInput as bareInputOf, explainCall as explainCallOf } from '../../kernel/explain-call.ts';
import type { Kernel } from '../../kernel/types.ts';
import type { PermissionMode } from '../../permissions/types.ts';

/**
 * `codev rules explain` and `codev rules test`'s engine (`explainCall` of src/kernel, which `codev ui` calls
 * too), with an input given on the command line refused as a usage error whose fix is a command line.
 */
export async function explainCall(options: { kernel: Kernel; context: ToolUseContext; tool: string; input: unknown; mode?: PermissionMode }): Promise<PermissionExplanation> {
  try {
    return await explainCallOf(options);
  } catch (error) {
    throw typeof options.input === 'string' ? usageError(error, options.tool, options.input) : error;
  }
}

/** A JSON object, or for a tool with one main field, the bare value of that field (see src/kernel's `bareInput`); `CLI_USAGE` otherwise. */
export function bareInput(options: { toolName: string; text: string; cwd: string }): unknown {
  try {
    return bareInputOf(options);
  } catch (error) {
    throw usageError(error, options.toolName, options.text);
  }
}

function usageError(error: unknown, toolName: string, text: string): unknown {
  if (!CodevError.isInstance(error) || error.code !== 'INPUT_INVALID' || error.field !== 'input') return error;
  const hint = text.trim().startsWith('{') ? 'quote it for the shell, e.g. \'{"command":"ls"}\'' : `e.g. codev rules explain ${toolName} '{"key":"value"}'`;
  return new CodevError('CLI_USAGE', error.message, { hint, cause: error });
}
