import { runPreToolUseHooks } from '../../hooks/run-pre-tool-use-hooks.ts';
import { toolUseError } from '../messages.ts';
import { forwardHookProgress, hookCallBase } from '../hook-call-base.ts';
import { revalidateInput } from '../revalidate-input.ts';
import type { Stage } from '../types.ts';

/**
 * Stage 5: PreToolUse hooks. A stop ends the call; a rewritten input is validated again (schema and
 * `validateInput`) before anything else sees it; the hooks' merged decision goes to the permission stage,
 * which never lets a hook's allow override a deny or ask rule. Each hook's progress is yielded as it runs.
 */
export const runBeforeHooks: Stage = async function* runBeforeHooks(state) {
  const { context } = state.request;
  if (!context.hooks.some((hook) => hook.event === 'PreToolUse')) return;
  const tool = state.tool!;
  const result = yield* forwardHookProgress(state, runPreToolUseHooks(hookCallBase(state)));
  state.additionalContext.push(...result.additionalContext);
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
};
