import { decidePermissionNow } from '../decide-permission.ts';
import type { PermissionDecision } from '../../permissions/types.ts';
import type { Stage, StageResult, ToolCallState } from '../types.ts';

/**
 * Stage 6: the permission decision (rules, hooks, the mode, the classifier, the prompt). A deny ends the
 * call with the reason the model reads; an allow may carry a rewritten input, already validated again.
 * A decision made at once (rules, hooks, the mode: most calls) is applied at once, without a promise.
 */
export const checkPermission: Stage = function checkPermission(state) {
  const { toolUse, context, canUseTool } = state.request;
  const decision = decidePermissionNow({
    tool: state.tool!,
    input: state.input!,
    toolUseId: toolUse.id,
    context,
    canUseTool,
    hookDecision: state.hookDecision,
    // What call() opens is checked against these: the files as judged, not as they may be by then.
    onPrepared: (call) => {
      state.checkedPaths = call.paths.filter((entry) => entry.origin === 'tool').map((entry) => ({ access: entry.access, ...entry.variants }));
    },
  });
  return decision instanceof Promise ? decision.then((settled) => applyDecision(state, settled)) : applyDecision(state, decision);
};

function applyDecision(state: ToolCallState, decision: PermissionDecision): StageResult {
  const { toolUse, context } = state.request;
  state.decision = decision;
  context.onDecision?.({ toolName: state.tool!.name, toolUseId: toolUse.id, decision });
  if (decision.behavior === 'deny') {
    return { status: 'denied', content: decision.message ?? `Permission to use ${state.tool!.name} has been denied.`, interrupt: decision.interrupt };
  }
  state.input = decision.input;
}
