import type { PermissionResult } from '../../permissions/types.ts';
import type { ToolContext } from '../../tool/types.ts';
import { isReadOnlyCommand } from './is-read-only-command.ts';
import { resolveIsolation } from './resolve-isolation.ts';

/**
 * Bash's own permission check: running outside the sandbox (`dangerouslyDisableSandbox`, or bubblewrap
 * missing) asks, except that provably read-only commands are allowed when bubblewrap is missing; everything else passes to the rules (which ask
 * unless a `Bash(...)` rule allows every subcommand).
 */
export function checkBashPermissions<Input extends { command: string; dangerouslyDisableSandbox?: boolean }>(
  input: Input,
  context: ToolContext,
): PermissionResult<Input> {
  const isolation = resolveIsolation({ dangerouslyDisableSandbox: input.dangerouslyDisableSandbox, context });
  if (input.dangerouslyDisableSandbox && resolveIsolation({ context }).sandbox) {
    return { behavior: 'ask', message: `Run outside of the sandbox: ${input.command}`, decisionReason: { type: 'safetyCheck', reason: 'dangerouslyDisableSandbox' } };
  }
  if (isReadOnlyCommand(input.command)) return { behavior: 'allow', updatedInput: input, decisionReason: { type: 'tool', reason: 'read-only command' } };
  if (isolation.unavailable) {
    return { behavior: 'ask', message: `The sandbox is unavailable (${isolation.unavailable}); this command would run unsandboxed: ${input.command}`, decisionReason: { type: 'tool', reason: 'sandbox unavailable' } };
  }
  return { behavior: 'passthrough', message: `codev requested permission to run: ${input.command}` };
}
