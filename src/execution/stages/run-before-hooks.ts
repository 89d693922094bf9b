import { matchingHooks } from '../../hooks/matching-hooks.ts';
import { runPreToolUseHooks, type PreToolUseResult } from '../../hooks/run-pre-tool-use-hooks.ts';
import { CANCEL_MESSAGE, toolUseError } from '../messages.ts';
import { hookCallBase } from '../hook-call-base.ts';
import { revalidateInput } from '../revalidate-input.ts';
import { runHookStage, type HookUpdates } from '../run-hook-stage.ts';
import type { Stage, StageResult, ToolCallState } from '../types.ts';

/**
 * Stage 5: PreToolUse hooks. A stop ends the call; a rewritten input is validated again (schema and
 * `validateInput`) before anything else sees it; the hooks' merged decision goes to the permission stage,
 * which never lets a hook's allow override a deny or ask rule. Each hook's progress is yielded as it runs.
 * An interrupt while a hook runs cancels the call (that hook is abandoned: see `callHook`).
 * Without a PreToolUse hook that takes the tool, the stage does nothing (no hook input, no progress).
 */
export const runBeforeHooks: Stage = function runBeforeHooks(state) {
  if (matchingHooks(state.request.context.hooks, 'PreToolUse', state.tool!.name).length === 0) return;
  return runHookStage(state, startHooks, applyAnswer);
};

function startHooks(state: ToolCallState, progress: HookUpdates): PreToolUseResult | Promise<PreToolUseResult> {
  return runPreToolUseHooks(hookCallBase(state), progress);
}

function applyAnswer(state: ToolCallState, result: PreToolUseResult): StageResult | Promise<StageResult> {
  if (result.interrupted) return { status: 'cancelled', content: CANCEL_MESSAGE };
  if (result.additionalContext.length > 0) state.additionalContext.push(...result.additionalContext);
  if (result.stop) {
    return {
      status: 'stopped',
      content: `Execution stopped by PreToolUse hook '${result.stop.hookName}': ${result.stop.reason}`,
      preventContinuation: true,
    };
  }
  if (result.updatedInput) return applyUpdatedInput(state, result);
  if (result.decision) state.hookDecision = result.decision;
}

/** A rewritten input is checked like the model's before anything else sees it. */
async function applyUpdatedInput(state: ToolCallState, result: PreToolUseResult): Promise<StageResult> {
  const { context } = state.request;
  const checked = await revalidateInput({ tool: state.tool!, input: result.updatedInput!, context });
  if (!checked.ok) {
    return {
      status: 'invalid-input',
      content: toolUseError(
        `InputValidationError: ${checked.message}\nA PreToolUse hook rewrote the input into one the tool does not accept. This is a hook configuration issue; the tool input from the model was valid.`,
      ),
    };
  }
  state.input = checked.input;
  if (result.decision) state.hookDecision = result.decision;
}
