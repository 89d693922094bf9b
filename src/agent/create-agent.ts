import type Anthropic from '@anthropic-ai/sdk';
import type { Span } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../execution/types.ts';
import type { Kernel } from '../kernel/create-kernel.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { restoreSessionSnapshot, takeSessionSnapshot } from './session-state-snapshot.ts';
import { runSessionEndHooks } from '../hooks/run-session-end-hooks.ts';
import { compactConversation } from './compaction/compact-conversation.ts';
import { compactionSettings } from './compaction/compaction-settings.ts';
import type { CompactBoundary } from './compaction/types.ts';
import { checkSpendingLimits } from './check-spending-limits.ts';
import { collectRunResult, type AgentRunResult } from './collect-run-result.ts';
import { createAgentScope } from './create-agent-scope.ts';
import { createAgentTranscript, type AgentTranscript } from './create-agent-transcript.ts';
import { resolveAgentModel } from './resolve-agent-model.ts';
import { DEFAULT_MODEL_ID } from '../model/providers/resolve-model-provider.ts';
import { createQueryContexts } from './create-query-contexts.ts';
import { createInstructionsLoader, type InstructionsLoader } from '../instructions/create-instructions-loader.ts';
import { resolveInstructionSources } from '../instructions/instructions-setting.ts';
import { toPromptContent, type PromptInput } from './prompt-input.ts';
import { createSessionLeases, STANDALONE_SESSION_PREFIX } from './create-session-leases.ts';
import { resolveFallbackModels } from './resolve-fallback-models.ts';
import { resolveRequestPolicy } from './resolve-request-policy.ts';
import { resolveThinkingParams } from './resolve-thinking-params.ts';
import type { SessionStartState } from './start-query-message.ts';
import { createTurnState } from './turn/create-turn-state.ts';
import { runTurns } from './turn/run-turns.ts';
import type { TurnAgent } from './turn/types.ts';
import type { AgentEvent, AgentOptions, ToolApproval } from './types.ts';
import { resolveOutputSchema } from './output/resolve-output-schema.ts';
import { sessionRepairedEvent } from './session-repaired-event.ts';
import { answerOpenCalls } from './answer-open-calls.ts';
import type { OutputOf, OutputSchema } from './output/types.ts';
import { joinSentences } from '../errors/join-sentences.ts';
import { createAgentCheckpoints } from './rewind/agent-checkpoints.ts';
import { agentCheckpoints, rewindAgent } from './rewind/rewind-agent.ts';
import type { CheckpointInfo, RewindOptions, RewindResult } from './rewind/types.ts';

export { INTERRUPT_MESSAGE } from './interrupt-message.ts';
export { STANDALONE_SESSION_PREFIX };
export const DEFAULT_MODEL = DEFAULT_MODEL_ID;
export const DEFAULT_MAX_TURNS = 50;
export const DEFAULT_MAX_TOKENS = 8192;

/** An agent: a conversation with a model that can call tools; `Output` is the type of its final answers (`outputSchema`). */
export interface Agent<Output = unknown> {
  /**
   * The transcript so far, in Messages API shape (a resumed session's messages from its first query on). Read
   * it without changing its messages in place: each message's JSON is made once and sent with every later request.
   */
  readonly messages: readonly Anthropic.MessageParam[];
  /**
   * The id of the agent's persisted session (resume it with `createAgent({ resume: id })` or `codev run
   * --resume ID`); undefined with `continue` until the first query finds the session.
   */
  readonly sessionId: string | undefined;
  /**
   * Sends a prompt and yields what happens until the model ends its turn (or a limit, an abort, an error, a
   * hook's block). The prompt is a string or parts: text, images and documents (by path, from the working
   * directory, or bytes), API content blocks. A part that cannot be sent throws at the first event:
   * `MEDIA_UNSUPPORTED`, `MEDIA_TOO_LARGE`, `INPUT_INVALID` (a missing file). The query is traced as an
   * OpenTelemetry `invoke_agent` span under `parentSpan`, else under the active span (nothing is recorded
   * until an OpenTelemetry SDK is registered).
   *
   * One query, resume or compaction runs at a time on an agent: another started while one runs throws
   * `AGENT_BUSY` at its first event (use `send()` to steer the running query). A query runs until its
   * generator ends: read it to its end, or `break` out of it (`return()`); one left unread holds the agent. A reader that stops reading
   * (`break`) after the model called tools stops the calls still running, and every call is answered (as
   * interrupted, when its result had not come), so the next query goes on. A resumed session that needed
   * repairs (calls a crash interrupted, damaged lines) says so first, with a `session-repaired` event.
   *
   * @example
   * agent.query([{ type: 'text', text: 'What is wrong on this page?' }, { type: 'image', path: 'shot.png' }]);
   */
  query(prompt: PromptInput, options?: { signal?: AbortSignal; parentSpan?: Span }): AsyncGenerator<AgentEvent<Output>, void, void>;
  /**
   * Runs a query to its end and returns its answer and accounts, for scripts that do not need the events
   * (`onEvent` still sees each one). A query that ends in an error throws it (`CodevError`, the error's code;
   * `OUTPUT_INVALID` when the answer never matched `outputSchema`); any other end is returned with its `endReason`.
   *
   * @example
   * const { text, costUsd } = await agent.run('Summarize README.md');
   * @example
   * const agent = createAgent({ outputSchema: z.object({ title: z.string() }) });
   * const { output } = await agent.run('Name this project'); // output: { title: string } | undefined
   */
  run(prompt: PromptInput, options?: { signal?: AbortSignal; onEvent?: (event: AgentEvent<Output>) => void }): Promise<AgentRunResult<Output>>;
  /**
   * Steers the running query: queues a user message (a string or parts, as `query` takes) that the model
   * reads at the next turn boundary, with the next tool results, or as a new turn when the model has ended
   * its own (a `user-message` event says when). Resolves once queued. `AGENT_NOT_RUNNING` when no query runs;
   * a message queued as a query ends goes with the next query's prompt.
   *
   * @example
   * const events = agent.query('Refactor src/');
   * setTimeout(() => agent.send('Leave the tests alone.'), 5_000);
   */
  send(message: PromptInput): Promise<void>;
  /**
   * Ends the running query cleanly, as an abort of its signal does: the model request stops, running tools end
   * per their interrupt behaviour and every call gets a result, and the query ends with `aborted`; the
   * transcript stays valid for the next query. A running `compact()` stops too (its hooks and summary request
   * are abandoned at once). Nothing happens when neither runs.
   */
  interrupt(): void;
  /**
   * Goes on with the session without a new prompt, yielding the events of a query.
   *
   * With `approvals`, a session that ended `deferred`: each waiting call is answered (by its tool_use id; one
   * without an answer is refused), the approved ones run now (validated and rule-checked again; what ran
   * before the pause does not run again), and the agent carries on from there. `INPUT_INVALID` when no call
   * waits or an answer names a call that does not.
   *
   * Without `approvals`, a session that stopped mid-conversation (a process killed during a turn, a query
   * aborted after its tool results): the model is asked again from the last message, the tool calls a crash
   * cut short answered as interrupted. `INPUT_INVALID` when calls wait for approval, or when the last message
   * is the model's finished answer (there is nothing to go on with: send a new prompt with `query()`).
   */
  resume(options?: { approvals?: Readonly<Record<string, ToolApproval>>; signal?: AbortSignal }): AsyncGenerator<AgentEvent<Output>, void, void>;
  /**
   * Compacts the conversation now, between queries: old tool results cleared and the older messages
   * summarized by the model (with `instructions` on what to keep), as `compaction` does by itself near the
   * context window. Returns what it did, or undefined when there was nothing to compact. `AGENT_BUSY` while a
   * query runs: the query compacts by itself when it needs to. The summary request counts toward the limits
   * of the agent's last query (`maxBudgetUsd`, `maxQueryTokens`; before its first query, toward limits of
   * their own): one they leave no room for is not sent, and `compact` throws `LIMIT_REACHED`. `interrupt()`
   * stops it: `TOOL_ABORTED` when it had changed nothing yet.
   */
  compact(instructions?: string): Promise<CompactBoundary | undefined>;
  /**
   * The file checkpoints of the agent's session, oldest first: one per turn (recorded before its tool calls),
   * with the files the turn changed and the prompt it answered. Empty when checkpoints are off.
   */
  checkpoints(): Promise<CheckpointInfo[]>;
  /**
   * Goes back to a checkpoint (a turn number, or the uuid of the message the turn answered or of its reply):
   * the files as they were before that turn's tool calls (`files`), and the conversation before its reply
   * (`conversation`: the agent goes on in a new session forked there, `sessionId` and `messages` change;
   * the prompt the turn answered is returned to send again). Files changed since by someone else are a
   * `REWIND_CONFLICT` unless `conflicts` chooses; `dryRun` only says what would change. `AGENT_BUSY` while a
   * query runs, `SESSION_BUSY` when another process holds the session, `CHECKPOINT_NOT_FOUND`, `REWIND_BLOCKED`
   * (a PreRewind hook). `{ undo: true }` instead of `to` undoes the session's last rewind: its files only, back
   * as they were before it (the conversation is not touched); an undo is undone the same way.
   *
   * @example
   * const [first] = await agent.checkpoints();
   * const { prompt } = await agent.rewind({ to: first.turn });
   * await agent.rewind({ undo: true }); // the files as they were before that rewind
   */
  rewind(options: RewindOptions): Promise<RewindResult>;
  /**
   * Ends the agent's session: aborts a query still running, runs the SessionEnd hooks (a top-level agent that ran a query), stops its background tasks, forgets its
   * session state and removes its session folder (persisted tool results, task outputs) when codev created
   * it and no other agent holds it (agents on one kernel share the kernel's session). `codev run` calls it;
   * a folder left by a process that never did is removed by the next agent started in the same place once
   * that process is gone, and lets go of its persisted session. A later query starts a new session folder,
   * and goes on with the conversation in the same persisted session (opened again: `SESSION_BUSY` if
   * another agent took it meanwhile).
   */
  close(): Promise<void>;
}

/** Where a context's project is: its root, else (a standalone agent) its working directory. */
const projectRootOf = (context: ToolUseContext | undefined): string | undefined => context && (context.projectRoot ?? context.cwd);

const denyAll: CanUseTool = (_tool, _input, options) => ({ behavior: 'deny', message: joinSentences(options.message, 'No one can approve it: pass canUseTool to the agent to answer permission requests.') });

/** Approvals must answer calls that wait, and there must be some. */
function checkApprovals(approvals: Readonly<Record<string, ToolApproval>>, transcript: AgentTranscript): void {
  const waiting = transcript.pending?.toolUses.map((use) => use.id) ?? [];
  if (waiting.length === 0) throw new CodevError('INPUT_INVALID', `No tool call of session ${transcript.sessionId ?? '(not persisted)'} waits for approval`, { hint: 'resume a session whose query ended deferred, or send a new prompt with query()' });
  const unknown = Object.keys(approvals).filter((id) => !waiting.includes(id));
  if (unknown.length > 0) throw new CodevError('INPUT_INVALID', `No call ${unknown.join(', ')} waits for approval`, { field: 'approvals', hint: `the waiting calls are ${waiting.join(', ')}` });
}

/** `resume()` without approvals needs a conversation the model has yet to answer, and no call waiting for a person. */
function checkGoOn(messages: readonly Anthropic.MessageParam[], transcript: AgentTranscript): void {
  const session = transcript.sessionId ?? '(not persisted)';
  if (transcript.pending) throw new CodevError('INPUT_INVALID', `Calls of session ${session} wait for approval`, { field: 'approvals', hint: `answer them: resume({ approvals }) with ${transcript.pending.toolUses.map((use) => use.id).join(', ')}` });
  if (messages.at(-1)?.role !== 'user') throw new CodevError('INPUT_INVALID', `Session ${session} has nothing to go on with: ${messages.length === 0 ? 'it has no messages' : 'its last message is the model\'s answer'}`, { hint: 'send a new prompt with query()' });
}

/**
 * Creates an agent over a kernel's tool pool (or explicit tools). A query runs the turn stages
 * (`TURN_STAGES`): each turn streams one model request, runs its tool calls through `runToolUses`
 * (parallel where safe, every call through the permission lifecycle) and sends the results back, until the
 * model ends its turn, `maxTurns` is reached, the signal aborts (running tools end per their interrupt
 * behaviour; every tool_use still gets a result) or the model API fails (a clear `error` event, then
 * `end`). A top-level agent runs the context's hooks: SessionStart once, at its first query (its context
 * joins that first prompt); UserPromptSubmit before the prompt is sent (a block ends the query with
 * `'blocked'`, no request made); Stop when the model ends its turn (a block sends the reason as the next
 * user message and it runs on).
 */
export function createAgent<const Schema extends OutputSchema | undefined = undefined>(options: Omit<AgentOptions, 'outputSchema'> & { outputSchema?: Schema; kernel?: Kernel } = {}): Agent<OutputOf<Schema>> {
  const env = options.env ?? process.env;
  // A missing key or setting is reported here, but the client (and the provider's SDK with it) is made by the first query.
  const { provider, model } = resolveAgentModel(options, env);
  let makingClient: Promise<Anthropic> | undefined;
  // A client that could not be made (a package not installed, a credentials file to fix) is not kept: the next query tries again.
  const makeClient = () => {
    const making = provider!.createClient({ maxRetries: 2, sdkSpans: env.ANTHROPIC_OPEN_TELEMETRY?.toLowerCase() === 'true' });
    making.catch(() => {
      if (makingClient === making) makingClient = undefined;
    });
    return making;
  };
  // A subagent makes its requests as its parent does.
  const requestPolicy = options.subagent?.parent.requestPolicy ?? resolveRequestPolicy({ agentOptions: options, env });
  const output = options.outputSchema === undefined ? undefined : resolveOutputSchema({ schema: options.outputSchema, retries: options.outputRetries });
  const limits = checkSpendingLimits({ maxBudgetUsd: options.maxBudgetUsd, maxQueryTokens: options.maxQueryTokens, model, prices: [options.prices, options.kernel?.config.prices], ...(provider && { provider }) });
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const thinkingParams = resolveThinkingParams({ thinking: options.thinking, effort: options.effort, maxTokens });
  const fallbackModels = resolveFallbackModels({ fallbackModel: options.fallbackModel, model });
  const messages: Anthropic.MessageParam[] = [];
  const sessionStart: SessionStartState = { started: false, pending: [], source: 'startup' };
  const transcript = createAgentTranscript({ ...options, hasProject: options.kernel !== undefined, retention: options.kernel?.config.sessions?.retention });
  const compaction = compactionSettings(options.compaction);
  // The config's setting is the project's agents', not their subagents' (their changes fall in the parent's turn).
  const checkpoints = createAgentCheckpoints({ setting: options.checkpoints ?? (options.subagent ? undefined : options.kernel?.config.checkpoints), hasProject: options.kernel !== undefined, subagent: options.subagent !== undefined, transcript });
  const contextSize: TurnAgent['contextSize'] = {};
  // Asks the caller's canUseTool deferred: the call is refused for now and runToolCalls ends the query.
  const deferredCalls = new Map<string, string>();
  const userCanUseTool = options.canUseTool ?? denyAll;
  const canUseTool: CanUseTool = async (tool, input, askOptions) => {
    const answer = await userCanUseTool(tool, input, askOptions);
    if (answer.behavior !== 'defer') return answer;
    deferredCalls.set(askOptions.toolUseId, answer.message ?? askOptions.message);
    return { behavior: 'deny', unattended: true, message: 'This call waits for approval.' };
  };
  // Created (private) when the first query starts, removed by close().
  const contexts = createQueryContexts({ agentOptions: options, sessionDirectory: path.join(os.tmpdir(), `${STANDALONE_SESSION_PREFIX}${randomUUID()}`) });
  const leases = createSessionLeases(options);
  const running = new Set<AbortController>();
  // A project's agent reads its instructions unless told not to; a standalone agent or a subagent only when told to.
  const instructionSources = resolveInstructionSources(options.instructions ?? (options.kernel && options.subagent === undefined ? options.kernel.config.instructions : false));
  // The queries running now (not a compaction), and the messages agent.send() queued for them.
  const queries = new Set<AbortController>();
  const sent: Anthropic.ContentBlockParam[][] = [];
  // Where the paths of sent messages start: the running query's working directory.
  let workingDirectory = process.cwd();
  // Made with the first context, whose project root and home they take.
  let scope: ToolUseContext['agent'];
  let instructions: InstructionsLoader | undefined;
  const withScope = (client: Anthropic, context: ToolUseContext): ToolUseContext => {
    scope ??= createAgentScope({ agentOptions: options, client, provider, model, env, requestPolicy, fallbackModels, projectRoot: context.projectRoot ?? context.cwd, homeDirectory: context.homeDirectory });
    if (instructionSources) instructions ??= createInstructionsLoader({ projectRoot: context.projectRoot ?? context.cwd, homeDirectory: context.homeDirectory, sources: instructionSources });
    context.agent = scope;
    return withSession(context);
  };
  /** The persisted session on a context (where large results go, where subagents keep theirs), once the transcript began. */
  const withSession = (context: ToolUseContext): ToolUseContext => {
    if (transcript.resultsDirectory) context.resultsDirectory = transcript.resultsDirectory;
    if (transcript.persistedSession) context.persistedSession = transcript.persistedSession;
    return context;
  };

  /** What a query (or a compaction by hand) reads of the agent, with this query's client and signal. */
  const turnAgent = (client: Anthropic, signal: AbortSignal): TurnAgent => ({
    messages,
    client,
    ...(provider && { provider }),
    name: options.subagent?.agentType ?? 'codev',
    ...(options.subagent && { agentId: options.subagent.agentId }),
    model,
    maxTokens,
    system: options.system,
    thinkingParams,
    fallbackModels,
    requestPolicy,
    maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS,
    canUseTool,
    deferredCalls,
    spending: scope!.spending,
    limits,
    promptCaching: options.promptCaching ?? true,
    maxToolConcurrency: options.maxToolConcurrency,
    waitForBackgroundAgents: options.waitForBackgroundAgents ?? false,
    takeQueuedMessages: options.takeQueuedMessages,
    takeSentMessages: () => sent.splice(0),
    // UserPromptSubmit and Stop hooks belong to the top-level agent; a subagent has SubagentStart and SubagentStop.
    topLevel: options.subagent === undefined,
    sessionStart,
    transcript,
    compaction,
    ...(checkpoints && { checkpoints }),
    contextSize,
    env,
    instructions,
    ...(output && { output }),
    nextContext: (previous) => withScope(client, contexts.next(signal, previous)),
  });
  /** The start of a query or a compaction: the client, the first context, the session held and loaded. */
  const begin = async (signal: AbortSignal) => {
    const client = options.client ?? (await (makingClient ??= makeClient()));
    const context = withScope(client, contexts.start(signal));
    try {
      await leases.hold(context);
      sessionStart.source = await transcript.begin({ messages, context, model });
      const restored = transcript.takeRestoredState();
      if (restored) restoreSessionSnapshot({ context, ...restored });
    } catch (error) {
      contexts.ended(context);
      throw error;
    }
    return { agent: turnAgent(client, signal), context: withSession(context) };
  };

  /**
   * One conversation, one thing at a time: a query, a resume or a compaction pushes into the same messages
   * and transcript, so a second one while another runs would interleave them (and the API refuses the
   * result). It is refused with AGENT_BUSY, when its work starts (a query's first event), before it touches anything.
   */
  let busy: 'query' | 'resume' | 'compaction' | 'rewind' | undefined;
  const claim = (what: NonNullable<typeof busy>): (() => void) => {
    if (busy) throw new CodevError('AGENT_BUSY', `The agent cannot start a ${what} while its ${busy} runs: they would interleave in one conversation`, { hint: what === 'compaction' ? 'compact between queries, once the running one has ended' : 'wait for the running query to end (or interrupt() it) first: a query whose events are no longer read holds the agent until its generator\'s return() is called (a break out of for await does it); agent.send() steers a running query; for parallel work, use another agent or fork the session' });
    busy = what;
    return () => {
      busy = undefined;
    };
  };

  // The run's own generator, not one around it: every event of a query would pass through one more layer.
  function query(prompt: PromptInput, queryOptions: { signal?: AbortSignal; parentSpan?: Span } = {}): AsyncGenerator<AgentEvent<OutputOf<Schema>>, void, void> {
    return run({ prompt, signal: queryOptions.signal, parentSpan: queryOptions.parentSpan });
  }

  function resume(resumeOptions: { approvals?: Readonly<Record<string, ToolApproval>>; signal?: AbortSignal } = {}): AsyncGenerator<AgentEvent<OutputOf<Schema>>, void, void> {
    return run({ approvals: resumeOptions.approvals, goOn: resumeOptions.approvals === undefined, signal: resumeOptions.signal });
  }

  // The end event's output was validated by the schema it is typed from.
  async function* run(queryOptions: { prompt?: PromptInput; approvals?: Readonly<Record<string, ToolApproval>>; goOn?: boolean; signal?: AbortSignal; parentSpan?: Span }): AsyncGenerator<AgentEvent<OutputOf<Schema>>, void, void> {
    const release = claim(queryOptions.prompt === undefined ? 'resume' : 'query');
    const controller = new AbortController();
    running.add(controller);
    queries.add(controller);
    const forward = () => controller.abort(queryOptions.signal?.reason);
    if (queryOptions.signal?.aborted) forward();
    queryOptions.signal?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    let state: ReturnType<typeof createTurnState> | undefined;
    try {
      const { agent, context } = await begin(signal);
      const repairs = transcript.takeRepairs();
      if (repairs) yield sessionRepairedEvent(repairs);
      if (queryOptions.approvals) checkApprovals(queryOptions.approvals, transcript);
      if (queryOptions.goOn) checkGoOn(messages, transcript);
      workingDirectory = context.cwd;
      const prompt = queryOptions.prompt === undefined ? undefined : await toPromptContent(queryOptions.prompt, context.cwd);
      state = createTurnState({ agent, prompt, approvals: queryOptions.approvals, signal, context, parentSpan: queryOptions.parentSpan });
      yield* runTurns(state) as AsyncGenerator<AgentEvent<OutputOf<Schema>>, void, void>;
    } finally {
      if (state) {
        await answerStoppedCalls(state, controller);
        // No git of the query's outlives it (a turn that ended before its recordCheckpoint stage).
        await checkpoints?.idle();
        contexts.ended(state.context);
        await saveState(state.context);
      }
      running.delete(controller);
      queries.delete(controller);
      queryOptions.signal?.removeEventListener('abort', forward);
      release();
    }
  }

  /**
   * A query that stopped between the model's calls and their results (its reader stopped reading, a stage
   * threw) leaves calls no result answers, which the API refuses in every later request: the calls still
   * running are stopped, and every call is answered (the results that came, the others as interrupted), in
   * the conversation and its transcript. A query whose calls wait for approval keeps them waiting.
   */
  async function answerStoppedCalls(state: ReturnType<typeof createTurnState>, controller: AbortController): Promise<void> {
    const closing = transcript.pending ? undefined : answerOpenCalls(messages, state.turn.results);
    if (!closing) return;
    controller.abort(new CodevError('TOOL_ABORTED', 'The query stopped before the results of its tool calls came'));
    messages.push(closing);
    try {
      await transcript.save(messages, undefined);
    } catch (error) {
      state.context.onWarning?.(`The answers to the interrupted tool calls could not be saved: ${errorMessage(error)}`);
    }
  }

  /** The session's state as a query ended it; a failure to write it is a warning, not the query's error. */
  async function saveState(context: ToolUseContext): Promise<void> {
    if (transcript.sessionId === undefined) return;
    try {
      await transcript.saveState(takeSessionSnapshot(context));
    } catch (error) {
      context.onWarning?.(`The session's state could not be saved: ${errorMessage(error)}`);
    }
  }

  async function compact(instructions?: string): Promise<CompactBoundary | undefined> {
    const release = claim('compaction');
    const controller = new AbortController();
    running.add(controller);
    try {
      const { agent, context } = await begin(controller.signal);
      // Before the agent's first query, its limits bound the summary as they would bind a query of its own.
      if (limits && !agent.spending.root.limits) agent.spending.root.limits = { ...limits, since: agent.spending.root.snapshot() };
      try {
        const run = compactConversation({ agent, context, signal: controller.signal, trigger: 'manual', instructions });
        let boundary: CompactBoundary | undefined;
        for (let step = await run.next(); ; step = await run.next()) {
          if (!step.done) {
            if (step.value.type === 'compact-boundary') boundary = step.value;
            continue;
          }
          if (step.value.type === 'error') throw new CodevError(step.value.error.code, `The conversation could not be compacted: ${step.value.error.message}`);
          if (step.value.type === 'limit-reached') throw new CodevError('LIMIT_REACHED', `The conversation was not compacted: ${step.value.event.message}`, { field: step.value.event.limit });
          if (step.value.type === 'aborted') throw new CodevError('TOOL_ABORTED', 'The compaction was interrupted: the conversation is as it was');
          return boundary;
        }
      } finally {
        contexts.ended(context);
      }
    } finally {
      running.delete(controller);
      release();
    }
  }

  async function rewind(rewindOptions: RewindOptions): Promise<RewindResult> {
    const release = claim('rewind');
    const controller = new AbortController();
    running.add(controller);
    const load = async () => {
      const { context } = await begin(controller.signal);
      contexts.ended(context);
      return context;
    };
    try {
      return await rewindAgent({ rewind: rewindOptions, transcript, checkpoints, load, signal: controller.signal });
    } finally {
      running.delete(controller);
      release();
    }
  }

  async function send(message: PromptInput): Promise<void> {
    if (queries.size === 0) throw new CodevError('AGENT_NOT_RUNNING', 'No query is running to send the message to', { hint: 'send it as the prompt of a new query()' });
    const content = await toPromptContent(message, workingDirectory);
    sent.push(typeof content === 'string' ? [{ type: 'text', text: content }] : content);
  }

  function interrupt(): void {
    // A compaction by hand too: its hooks and its summary request hear it at once, as a query's do.
    for (const controller of running) controller.abort(new CodevError('TOOL_ABORTED', 'The query was interrupted'));
  }

  async function close(): Promise<void> {
    for (const controller of running) controller.abort(new Error('The agent was closed'));
    const last = contexts.last();
    contexts.ended(undefined);
    // The transcript first: written out and its lock let go before the hooks, however long they take (a
    // process stopped meanwhile, after docker stop's grace, loses nothing and leaves the session free).
    await transcript.close();
    if (last && options.subagent === undefined && sessionStart.started) {
      const failures = await runSessionEndHooks({ hooks: last.hooks, cwd: last.cwd, permissionMode: last.permissionContext.mode, signal: new AbortController().signal, reason: 'close' });
      for (const failure of failures) last.onWarning?.(failure);
    }
    await leases.releaseAll();
  }

  return {
    messages,
    get sessionId() {
      return transcript.sessionId;
    },
    query,
    run: (prompt, runOptions = {}) => collectRunResult(query(prompt, { signal: runOptions.signal }), runOptions.onEvent),
    send,
    interrupt,
    resume,
    compact,
    checkpoints: () => {
      const last = contexts.last();
      const workingDirectories = last && [last.cwd, ...last.permissionContext.additionalWorkingDirectories];
      return agentCheckpoints({ transcript, checkpoints, resume: options.resume, sessionStore: options.sessionStore, projectRoot: projectRootOf(last) ?? options.kernel?.root ?? process.cwd(), ...(workingDirectories && { workingDirectories }), running: busy !== undefined });
    },
    rewind,
    close,
  };
}
