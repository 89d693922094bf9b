import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { runToolUses } from '../execution/run-tool-uses.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { Kernel } from '../kernel/create-kernel.ts';
import { createPermissionContext, removeRuleSource } from '../permissions/create-permission-context.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { getSessionState } from '../session/get-session-state.ts';
import { holdSession, type SessionLease } from '../session/hold-session.ts';
import { withToolSource } from '../tool/build-tool.ts';
import type { Tool, ToolResultBlockParam, ToolUseBlock } from '../tool/types.ts';
import { toolSearchTool } from '../tools/ToolSearch/index.ts';
import { addUsage, fromApiUsage, ZERO_USAGE } from './add-usage.ts';
import type { AgentScope } from '../tool/agent-scope.ts';
import { createAgentScope } from './create-agent-scope.ts';
import { createModelClient, resolveModelAccess } from './create-model-client.ts';
import { requestModelTurn } from './request-model-turn.ts';
import { resolveRequestPolicy } from './resolve-request-policy.ts';
import { selectRequestTools, toApiTools } from './to-api-tools.ts';
import { continueAfterStopHooks } from './continue-after-stop-hooks.ts';
import { pendingTaskNotifications, waitForBackgroundAgents } from './pending-task-notifications.ts';
import { startQueryMessage, type SessionStartState } from './start-query-message.ts';
import type { AgentEvent, AgentOptions, EndReason, Usage } from './types.ts';

export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_MAX_TURNS = 50;
export const INTERRUPT_MESSAGE = '[Request interrupted by user for tool use]';
/** The name prefix of a standalone agent's session folder, in the temp folder. */
export const STANDALONE_SESSION_PREFIX = 'codev-session-';

/** An agent: a conversation with a model that can call tools. */
export interface Agent {
  /** The transcript so far, in Messages API shape. */
  readonly messages: readonly Anthropic.MessageParam[];
  /** Sends a prompt and yields what happens until the model ends its turn (or a limit, an abort, an error, a hook's block). */
  query(prompt: string, options?: { signal?: AbortSignal }): AsyncGenerator<AgentEvent, void, void>;
  /**
   * Ends the agent's session: aborts a query still running, stops its background tasks, forgets its
   * session state and removes its session folder (persisted tool results, task outputs) when codev created
   * it and no other agent holds it (agents on one kernel share the kernel's session). `codev run` calls it;
   * a folder left by a process that never did is removed by the next agent started in the same place once
   * that process is gone. A later query starts a new session.
   */
  close(): Promise<void>;
}

/** ToolSearch as the agent adds it when the pool has deferred tools but no ToolSearch of its own. */
const TOOL_SEARCH = withToolSource(toolSearchTool as Tool, { type: 'builtin' });
// One extended pool per pool, so its identity (and ToolSearch's index of it) is stable from turn to turn.
const withToolSearch = new WeakMap<readonly Tool[], readonly Tool[]>();

const denyAll: CanUseTool = (_tool, _input, options) => ({ behavior: 'deny', message: `${options.message} No one can approve it: pass canUseTool to the agent to answer permission requests.` });

/**
 * Creates an agent over a kernel's tool pool (or explicit tools). Each turn streams one model request,
 * runs its tool calls through `runToolUses` (parallel where safe, every call through the permission
 * lifecycle) and sends the results back, until the model ends its turn, `maxTurns` is reached, the signal
 * aborts (running tools end per their interrupt behaviour; every tool_use still gets a result) or the
 * model API fails (a clear `error` event, then `end`). A top-level agent runs the context's hooks:
 * SessionStart once, at its first query (its context joins that first prompt); UserPromptSubmit before
 * the prompt is sent (a block ends the query with `'blocked'`, no request made); Stop when the model ends
 * its turn (a block sends the reason as the next user message and it runs on).
 */
export function createAgent(options: AgentOptions & { kernel?: Kernel } = {}): Agent {
  const env = options.env ?? process.env;
  // A missing key is reported here, but the client (and the SDK with it) is made by the first query.
  const access = options.client ? undefined : resolveModelAccess({ apiKey: options.apiKey, baseURL: options.baseURL, env });
  let client = options.client;
  let makingClient: Promise<void> | undefined;
  // A subagent makes its requests as its parent does.
  const requestPolicy = options.subagent?.parent.requestPolicy ?? resolveRequestPolicy({ agentOptions: options, env });
  const model = options.model ?? env.CODEV_MODEL ?? options.kernel?.config.model ?? DEFAULT_MODEL;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  // Made with the first context, whose project root and home it takes.
  let scope: AgentScope | undefined;
  const messages: Anthropic.MessageParam[] = [];
  const sessionStart: SessionStartState = { started: false, pending: [] };
  // Created (private) when the first query starts, removed by close().
  const standaloneSessionDirectory = path.join(os.tmpdir(), `${STANDALONE_SESSION_PREFIX}${randomUUID()}`);
  // With a kernel, each turn takes the latest registry generation (hot reload), carrying the session over.
  const makeContext = (signal: AbortSignal, previous?: ToolUseContext): ToolUseContext => {
    if (previous && (options.createToolUseContext || !options.kernel)) return previous;
    let context: ToolUseContext;
    if (options.createToolUseContext) context = options.createToolUseContext(signal);
    else if (options.kernel) {
      context = options.kernel.createToolUseContext({ signal, carryOver: previous });
      if (options.tools) context.tools = options.tools;
    } else context = standaloneContext({ tools: options.tools ?? [], signal, sessionDirectory: standaloneSessionDirectory });
    if (!client) throw new Error('The model client is made before the first context');
    scope ??= createAgentScope({ agentOptions: options, client, model, env, requestPolicy, projectRoot: context.projectRoot ?? context.cwd, homeDirectory: context.homeDirectory });
    context.agent = scope;
    return context;
  };
  // The context a query starts from: the session's rules and mode carry over from the previous query (with
  // a kernel, onto the latest generation); a skill's grants (`skill` rules) end with the query that ran it.
  let lastContext: ToolUseContext | undefined;
  const startQueryContext = (signal: AbortSignal): ToolUseContext => {
    const previous = lastContext;
    const context = previous && options.kernel && !options.createToolUseContext ? makeContext(signal, previous) : makeContext(signal);
    if (previous && !options.kernel && !options.createToolUseContext) context.permissionContext = previous.permissionContext;
    context.permissionContext = removeRuleSource(context.permissionContext, 'skill');
    return context;
  };

  // The sessions this agent holds, by folder. A subagent holds none: its folder is inside its parent's and ends with it.
  const leases = new Map<string, Promise<SessionLease>>();
  const running = new Set<AbortController>();
  const holdSessionOf = (context: ToolUseContext) => {
    if (options.subagent || leases.has(context.sessionDirectory)) return leases.get(context.sessionDirectory);
    const standalone = !options.kernel && !options.createToolUseContext;
    const leftovers = standalone ? { directory: os.tmpdir(), prefix: STANDALONE_SESSION_PREFIX } : options.kernel && !options.createToolUseContext ? { directory: path.dirname(context.sessionDirectory) } : undefined;
    const lease = holdSession({ sessionDirectory: context.sessionDirectory, leftovers });
    leases.set(context.sessionDirectory, lease);
    return lease;
  };

  async function* query(prompt: string, queryOptions: { signal?: AbortSignal } = {}): AsyncGenerator<AgentEvent, void, void> {
    if (!client) await (makingClient ??= createModelClient(access!).then((made) => void (client = made)));
    const controller = new AbortController();
    running.add(controller);
    const forward = () => controller.abort(queryOptions.signal?.reason);
    if (queryOptions.signal?.aborted) forward();
    queryOptions.signal?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    let context = startQueryContext(signal);
    await holdSessionOf(context);
    let tools: Anthropic.ToolUnion[] = [];
    let sent: { pool: readonly Tool[]; loaded: number } | undefined;
    // Deferred tools: only those ToolSearch loaded (the session's set) are sent; ToolSearch itself when any are deferred.
    const prepareTools = async () => {
      const pool = context.tools;
      const loaded = getSessionState(context).loadedDeferredTools;
      const selection = selectRequestTools({ pool, loaded, toolSearch: TOOL_SEARCH, env });
      if (selection.deferredCount > 0 && !pool.some((tool) => tool.name === TOOL_SEARCH.name)) {
        let extended = withToolSearch.get(pool);
        if (!extended) withToolSearch.set(pool, (extended = [...pool, TOOL_SEARCH]));
        context.tools = extended;
      }
      context.loadedDeferredTools = loaded;
      if (sent?.pool === pool && sent.loaded === loaded.size) return;
      tools = await toApiTools(selection.tools, context.permissionContext, {
        cacheBefore: selection.cacheBefore,
        agent: context.agent,
        cwd: context.cwd,
        projectRoot: context.projectRoot,
        pluginDirectories: context.pluginDirectories,
      });
      sent = { pool, loaded: loaded.size };
    };
    let usage: Usage = ZERO_USAGE;
    let turns = 0;
    const end = (reason: EndReason): AgentEvent => ({ type: 'end', reason, turns, usage, messages: [...messages] });
    // UserPromptSubmit and Stop hooks belong to the top-level agent; a subagent has SubagentStart and SubagentStop.
    const topLevel = options.subagent === undefined;
    let stopBlocks = 0;
    try {
      const start = await startQueryMessage({ prompt, context, signal, runHooks: topLevel, session: sessionStart });
      if (start.type === 'blocked') {
        yield { type: 'prompt-blocked', reason: start.reason, hookName: start.hookName };
        return yield end('blocked');
      }
      messages.push(start.message);
      for (const notification of start.notifications) yield { type: 'task-notification', notification };
      while (true) {
        if (signal.aborted) return yield end('aborted');
        if (turns >= maxTurns) return yield end('max_turns');
        turns++;
        if (turns > 1) context = makeContext(signal, context);
        await prepareTools();
        yield { type: 'turn-start', turn: turns };
        const outcome = yield* requestModelTurn({ client: client!, params: { model, max_tokens: options.maxTokens ?? 8192, messages, tools, ...(options.system ? { system: options.system } : {}) }, signal, policy: requestPolicy });
        if (outcome.type === 'aborted') return yield end('aborted');
        if (outcome.type === 'error') {
          yield { type: 'error', error: outcome.error };
          return yield end('error');
        }
        const { message } = outcome;
        const turnUsage = fromApiUsage(message.usage);
        usage = addUsage(usage, turnUsage);
        yield { type: 'usage', usage: turnUsage, total: usage };
        messages.push({ role: 'assistant', content: message.content as Anthropic.ContentBlockParam[] });
        for (const block of message.content) if (block.type === 'text') yield { type: 'text', text: block.text };
        const toolUses = message.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use');
        if (toolUses.length === 0 && message.stop_reason === 'end_turn' && options.waitForBackgroundAgents && (await waitForBackgroundAgents(context, signal))) {
          // Its subagents finished after it ended its turn: it reads their notifications and goes on.
          const ended = pendingTaskNotifications(context);
          if (signal.aborted) return yield end('aborted');
          for (const notification of ended.notifications) yield { type: 'task-notification', notification };
          if (ended.blocks.length > 0) {
            messages.push({ role: 'user', content: ended.blocks });
            continue;
          }
        }
        if (toolUses.length === 0) {
          const reason = message.stop_reason === 'max_tokens' ? 'max_tokens' : message.stop_reason === 'refusal' ? 'refusal' : 'end_turn';
          const lastAssistantMessage = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim();
          const next = reason === 'end_turn' && topLevel ? await continueAfterStopHooks({ context, signal, blocks: stopBlocks, lastAssistantMessage }) : undefined;
          if (next === undefined) return yield end(reason);
          stopBlocks++;
          messages.push({ role: 'user', content: next });
          continue;
        }
        for (const toolUse of toolUses) yield { type: 'tool-call', toolUseId: toolUse.id, toolName: toolUse.name, input: toolUse.input };
        const results: ToolResultBlockParam[] = [];
        let stop = false;
        for await (const update of runToolUses({ toolUses: toolUses as ToolUseBlock[], assistantMessage: message, canUseTool: options.canUseTool ?? denyAll, context, maxConcurrency: options.maxToolConcurrency })) {
          if (update.type === 'progress') {
            yield { type: 'tool-progress', toolUseId: update.toolUseId, toolName: update.toolName, progress: update.progress };
            continue;
          }
          results.push(update.block);
          stop ||= Boolean(update.preventContinuation || update.interrupt);
          yield { type: 'tool-result', toolUseId: update.toolUseId, toolName: update.toolName, isError: update.isError, status: update.status, block: update.block, decision: update.decision, output: update.output, errorCode: update.errorCode, durationMs: update.durationMs };
        }
        const interrupted = signal.aborted;
        const ended = interrupted ? undefined : pendingTaskNotifications(context);
        for (const notification of ended?.notifications ?? []) yield { type: 'task-notification', notification };
        const queued = interrupted ? [] : (options.takeQueuedMessages?.() ?? []).map((text) => ({ type: 'text' as const, text }));
        messages.push({ role: 'user', content: [...(results as Anthropic.ToolResultBlockParam[]), ...(interrupted ? [{ type: 'text' as const, text: INTERRUPT_MESSAGE }] : []), ...(ended?.blocks ?? []), ...queued] });
        if (interrupted) return yield end('aborted');
        if (stop) return yield end('stopped');
      }
    } finally {
      lastContext = context;
      running.delete(controller);
      queryOptions.signal?.removeEventListener('abort', forward);
    }
  }

  async function close(): Promise<void> {
    for (const controller of running) controller.abort(new Error('The agent was closed'));
    const held = [...leases.values()];
    leases.clear();
    lastContext = undefined;
    await Promise.all(held.map(async (lease) => (await lease).release()));
  }

  return { messages, query, close };
}

/** An agent over explicit tools has no project: default permissions, the process cwd, a temp session folder. */
function standaloneContext(options: { tools: ToolUseContext['tools']; signal: AbortSignal; sessionDirectory: string }): ToolUseContext {
  return {
    cwd: process.cwd(),
    signal: options.signal,
    permissionContext: createPermissionContext(),
    tools: options.tools,
    sessionDirectory: options.sessionDirectory,
    hooks: [],
    ruleSets: [],
  };
}
