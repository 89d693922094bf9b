import type { CallToolResult } from '@modelcontextprotocol/sdk/types';
import { runToolUse } from '../execution/run-tool-use.ts';
import type { ToolResultUpdate, ToolUseContext } from '../execution/types.ts';
import { addRulesToContext, removeRuleSource } from '../permissions/create-permission-context.ts';
import type { CanUseTool, PermissionUpdate } from '../permissions/types.ts';
import type { CallSession } from './call-session.ts';
import type { SendElicitation } from './elicit-permission.ts';
import { createProgressNotifier, type SendProgress } from './progress-notifier.ts';
import { recheckAfterReload } from './recheck-after-reload.ts';
import { findServedTool } from './served-tools.ts';
import { withServedToolsRule } from './served-tools-rule.ts';
import { errorCallToolResult, toCallToolResult } from './to-call-tool-result.ts';

/** One `tools/call` request, as the handler needs it. */
export interface CallToolRequest {
  name: string;
  arguments?: Record<string, unknown>;
  progressToken?: string | number;
  /** The request's cancellation (`notifications/cancelled`, the transport closing). */
  signal: AbortSignal;
  sendProgress: SendProgress;
  sendElicitation: SendElicitation;
}

let callCount = 0;

/**
 * Runs one `tools/call` through `runToolUse`, with a fresh context of the live generation (so a reload is
 * followed) carrying the session's rules over from the previous call. The request's cancellation or the
 * session's end aborts it, and its processes with it. Never throws: every failure is a result.
 */
export async function handleCallTool(session: CallSession, request: CallToolRequest): Promise<CallToolResult> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  for (const signal of [request.signal, session.signal]) {
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  }
  try {
    const turn = session.limiter.acquire(controller.signal);
    if (!turn) {
      return errorCallToolResult({ errorCode: 'MCP_SERVER_BUSY', text: `codev is running as many calls of this session as it may, and as many wait: try ${request.name} again later.` });
    }
    let release: () => void;
    try {
      release = await turn;
    } catch {
      return errorCallToolResult({ errorCode: 'TOOL_ABORTED', text: `The call of ${request.name} was cancelled before it started.` });
    }
    try {
      return await runCall({ session, request, signal: controller.signal });
    } finally {
      release();
    }
  } finally {
    request.signal.removeEventListener('abort', abort);
    session.signal.removeEventListener('abort', abort);
  }
}

async function runCall(options: { session: CallSession; request: CallToolRequest; signal: AbortSignal }): Promise<CallToolResult> {
  const { session, request, signal } = options;
  const generation = session.kernel.generation;
  const context = session.kernel.createToolUseContext({ signal, sessionDirectory: session.sessionDirectory, endsWithKernel: false, carryOver: session.latest });
  session.latest = context;
  // Each call is a query of its own: a Skill call's allowed-tools (granted "for the rest of the query") end with it,
  // as an agent's end with its query, instead of holding for as long as the client stays connected.
  context.permissionContext = removeRuleSource(context.permissionContext, 'skill');
  context.ruleSets = withServedToolsRule(context.ruleSets, session.options);
  if (session.options.onWarning) context.onWarning = session.options.onWarning;
  const tool = findServedTool({ pool: context.tools, name: request.name, tools: session.options.tools });
  if (!tool) return errorCallToolResult({ errorCode: 'TOOL_NOT_FOUND', text: `No tool named ${request.name} is served here (tools/list names them).` });
  const kept: PermissionUpdate[] = [];
  const answerer = recheckAfterReload({ canUseTool: session.canUseTool(request.sendElicitation), kernel: session.kernel, generation, context, tools: session.options.tools });
  const canUseTool = keepingUpdates(answerer, kept);
  const progress = createProgressNotifier({ progressToken: request.progressToken, send: request.sendProgress });
  let result: ToolResultUpdate | undefined;
  const toolUse = { type: 'tool_use' as const, id: `toolu_mcp_${(++callCount).toString(36)}`, name: tool.name, input: request.arguments ?? {} };
  try {
    for await (const update of runToolUse(toolUse, undefined, canUseTool, context)) {
      if (update.type === 'result') result = update;
      else progress.notify(update.progress);
    }
  } finally {
    // Before the result: the last update held back reaches the client, and no timer outlives the call.
    progress.stop();
  }
  carryRules({ session, from: context, updates: kept });
  if (!result) return errorCallToolResult({ errorCode: 'TOOL_FAILED', text: `The call of ${tool.name} ended without a result.` });
  return toCallToolResult(result);
}

/** Records the rules an answer keeps ("allow always"), for the session's later calls. */
function keepingUpdates(canUseTool: CanUseTool, kept: PermissionUpdate[]): CanUseTool {
  return async (tool, input, options) => {
    const answer = await canUseTool(tool, input, options);
    if (answer?.behavior === 'allow' && answer.updatedPermissions) kept.push(...answer.updatedPermissions);
    return answer;
  };
}

/**
 * The call's own context got the kept rules (codev saved them there); a later call started meanwhile made
 * the session's latest context without them, so they are added to it too.
 */
function carryRules(options: { session: CallSession; from: ToolUseContext; updates: readonly PermissionUpdate[] }): void {
  const { session, from, updates } = options;
  const latest = session.latest;
  if (!latest || latest === from) return;
  for (const update of updates) {
    if (update.type !== 'addRules' || update.rules.length === 0) continue;
    latest.permissionContext = addRulesToContext({ context: latest.permissionContext, behavior: update.behavior, source: update.destination === 'local' ? 'local' : 'session', rules: update.rules });
  }
}
