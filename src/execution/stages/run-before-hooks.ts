import { runPreToolUseHooks, type PreToolUseResult } from '../../hooks/run-pre-tool-use-hooks.ts';
import { CANCEL_MESSAGE, toolUseError } from '../messages.ts';
import { hasMatchingHook, hookCallBase } from '../hook-call-base.ts';
import { revalidateInput } from '../revalidate-input.ts';
import type { Stage, StageResult, ToolCallState, ToolUseUpdate } from '../types.ts';

/**
 * Stage 5: PreToolUse hooks. A stop ends the call; a rewritten input is validated again (schema and
 * `validateInput`) before anything else sees it; the hooks' merged decision goes to the permission stage,
 * which never lets a hook's allow override a deny or ask rule. Each hook's progress is yielded as it runs.
 * An interrupt while a hook runs cancels the call (that hook is abandoned: see `callHook`).
 * Without a PreToolUse hook that takes the tool, the stage does nothing (no generator, no hook input).
 */
export const runBeforeHooks: Stage = function runBeforeHooks(state) {
  if (!hasMatchingHook(state.request.context.hooks, 'PreToolUse', state.tool!.name)) return;
  return beforeHooks(state);
};

async function* beforeHooks(state: ToolCallState): AsyncGenerator<ToolUseUpdate, StageResult, void> {
  const { context, toolUse } = state.request;
  const tool = state.tool!;
  // The hooks' progress, forwarded by hand (one generator layer less than `forwardHookProgress`).
  const run = runPreToolUseHooks(hookCallBase(state));
  let result: PreToolUseResult;
  while (true) {
    const step = await run.next();
    if (step.done) {
      result = step.value;
      break;
    }
    yield { type: 'progress', toolUseId: toolUse.id, toolName: tool.name, progress: step.value };
  }
  if (result.interrupted) return { status: 'cancelled', content: CANCEL_MESSAGE };
  if (result.additionalContext.length > 0) state.additionalContext.push(...result.additionalContext);
  if (result.stop) {
    return {
      status: 'stopped',
      content: `Execution stopped by PreToolUse hook '${result.stop.hookName}': ${result.stop.reason}`,
      preventContinuation: true,
    };
  }
  if (result.updatedInput) {
    const checked = await revalidateInput({ tool, input: result.updatedInput, context });
    if (!checked.ok) {
      return {
        status: 'invalid-input',
        content: toolUseError(
          `InputValidationError: ${checked.message}\nA PreToolUse hook rewrote the input into one the tool does not accept. This is a hook configuration issue; the tool input from the model was valid.`,
        ),
      };
    }
    state.input = checked.input;
  }
  if (result.decision) state.hookDecision = result.decision;
}
