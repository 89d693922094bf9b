import { errorMessage } from '../errors/codev-error.ts';
import { subagentIdentity } from './hook-call-base.ts';
import type { ToolUseContext } from './types.ts';
import { runPermissionRequestHooks } from '../hooks/run-permission-request-hooks.ts';
import type { Tool } from '../tool/types.ts';
import type { CanUseTool, CanUseToolResult, PermissionDecisionReason, PermissionUpdate } from '../permissions/types.ts';

/** Who answered a permission prompt, and how. */
export type AskAnswer =
  /** A PermissionRequest hook answered allow or deny; `canUseTool` was not called. */
  | { by: 'hook'; hookName: string; answer: CanUseToolResult }
  /** `canUseTool` answered (nothing, from a sloppy callback, counts as a deny). */
  | { by: 'canUseTool'; answer: CanUseToolResult | undefined }
  /** `canUseTool` threw. */
  | { by: 'failure'; error: string }
  /** The call was interrupted while waiting for an answer. */
  | { by: 'abort' };

/**
 * Gets the answer to an ask: the matching PermissionRequest hooks first, in registration order (the
 * first allow or deny decides), then `canUseTool` when no hook answered. A hook that fails is a warning
 * and has no say, so the prompt still goes to `canUseTool`.
 */
export async function answerAsk(options: {
  tool: Tool;
  input: Record<string, unknown>;
  toolUseId: string;
  context: ToolUseContext;
  canUseTool: CanUseTool;
  message: string;
  decisionReason: PermissionDecisionReason;
  immune?: boolean;
  suggestions: readonly PermissionUpdate[];
}): Promise<AskAnswer> {
  const { tool, input, context } = options;
  if (context.hooks.some((hook) => hook.event === 'PermissionRequest')) {
    const hooks = await runPermissionRequestHooks({
      hooks: context.hooks,
      toolName: tool.name,
      toolInput: input,
      permissionSuggestions: options.suggestions,
      cwd: context.cwd,
      permissionMode: context.permissionContext.mode,
      ...subagentIdentity(context.agent),
      signal: context.signal,
    });
    for (const failure of hooks.failures) context.onWarning?.(failure);
    if (context.signal.aborted) return { by: 'abort' };
    if (hooks.answer) return { by: 'hook', hookName: hooks.answer.hookName, answer: hooks.answer.decision };
  }
  let answer: CanUseToolResult | undefined;
  try {
    answer = await options.canUseTool({ name: tool.name, userFacingName: tool.userFacingName(input) }, input, {
      toolUseId: options.toolUseId,
      signal: context.signal,
      message: options.message,
      decisionReason: options.decisionReason,
      ...(options.immune ? { immune: true } : {}),
      suggestions: options.suggestions,
    });
  } catch (error) {
    return context.signal.aborted ? { by: 'abort' } : { by: 'failure', error: errorMessage(error) };
  }
  return context.signal.aborted ? { by: 'abort' } : { by: 'canUseTool', answer };
}
