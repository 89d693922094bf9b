import { evaluateCall } from '../execution/decide-permission.ts';
import type { ToolUseContext } from '../execution/types.ts';
import { runPreToolUseHooks } from '../hooks/run-pre-tool-use-hooks.ts';
import type { Generation, Kernel } from '../kernel/types.ts';
import type { CanUseTool, CanUseToolResult } from '../permissions/types.ts';
import { isServedTool } from './served-tools.ts';
import type { CreateMcpServerOptions } from './types.ts';

/** Reloads one recheck follows before it gives up (a project that keeps changing while its hooks run). */
const MAX_RECHECKS = 8;

/**
 * `canUseTool` whose allow must still hold in the project as it is when the answer comes. An ask may wait
 * minutes for its client: a reload meanwhile (a deny rule or PreToolUse hook added, the tool taken away, a
 * plugin whose rules are now unknown) is judged again on the live generation, its changed hooks asked, and
 * the answer, given under the old rules, allows nothing the new ones deny or newly ask about (nor keeps a
 * rule for it). The recheck is a wait too (the hooks it asks may take seconds): a reload during it is judged
 * in turn, until the generation judged is the live one.
 */
export function recheckAfterReload(options: {
  canUseTool: CanUseTool;
  kernel: Kernel;
  /** The generation the call's context was bound to. */
  generation: Generation;
  context: ToolUseContext;
  tools: CreateMcpServerOptions['tools'];
}): CanUseTool {
  const { canUseTool, kernel, context } = options;
  return async (asked, input, askOptions) => {
    const answer = await canUseTool(asked, input, askOptions);
    if (answer?.behavior !== 'allow') return answer;
    let judged = options.generation;
    let heard = context;
    for (let round = 0; kernel.generation !== judged; round++) {
      if (round === MAX_RECHECKS) return changedDeny(`it was reloaded ${MAX_RECHECKS} times while the call was judged again`);
      judged = kernel.generation;
      const live = kernel.createToolUseContext({ signal: context.signal, sessionDirectory: context.sessionDirectory, endsWithKernel: false, carryOver: context });
      const denied = await judgeAgain({ live, heard, asked, input: answer.updatedInput ?? input, askOptions, tools: options.tools });
      if (denied) return denied;
      heard = live;
    }
    return answer;
  };
}

/** The answer judged on `live`: a deny when it no longer holds. `heard`: the context whose hooks have already been asked. */
async function judgeAgain(options: {
  live: ToolUseContext;
  heard: ToolUseContext;
  asked: Parameters<CanUseTool>[0];
  input: Record<string, unknown>;
  askOptions: Parameters<CanUseTool>[2];
  tools: CreateMcpServerOptions['tools'];
}): Promise<CanUseToolResult | undefined> {
  const { live, asked, input, askOptions } = options;
  const tool = live.tools.find((candidate) => candidate.name === asked.name);
  if (!tool || !isServedTool(tool, options.tools)) return changedDeny(`${asked.name} is no longer served: the project was reloaded while the call waited for its permission answer`);
  // The reloaded hooks have not heard of the call: they are asked now (only when they changed, not twice).
  const hooks = live.hooks === options.heard.hooks ? undefined : await runPreToolUseHooks({ hooks: live.hooks, toolName: tool.name, toolInput: input, toolUseId: askOptions.toolUseId, cwd: live.cwd, permissionMode: live.permissionContext.mode, signal: live.signal }, { push: () => {} });
  if (hooks?.interrupted || hooks?.stop) return changedDeny(`hook '${hooks.stop?.hookName ?? 'PreToolUse'}' stopped it`);
  if (hooks?.updatedInput) return changedDeny('a PreToolUse hook rewrote its input');
  const { verdict } = await evaluateCall({ tool, context: live, input, hookDecision: hooks?.decision });
  if (verdict.behavior === 'deny') return changedDeny(verdict.message);
  // An ask the client was not shown (a rule or safety check the reload brought) was not answered.
  if (verdict.behavior === 'ask' && verdict.immune && verdict.message !== askOptions.message) return changedDeny(verdict.message);
  return undefined;
}

function changedDeny(why: string): { behavior: 'deny'; unattended: true; message: string } {
  return { behavior: 'deny', unattended: true, message: `The project's rules changed while the call waited for its permission answer, and the answer no longer holds: ${why}` };
}
