import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { createAgent } from '../../agent/create-agent.ts';
import { loadAgentScript } from '../../agent/load-agent-script.ts';
import type { AgentEvent } from '../../agent/types.ts';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { overModelSetting } from '../../model/providers/over-model-setting.ts';
import { resolveModelProvider } from '../../model/providers/resolve-model-provider.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import { createEventSender } from '../events/create-event-sender.ts';
import { fleetJobDataSchema, type FleetJobData } from '../job/fleet-job-data.ts';
import { jobResultOf } from '../job/job-result-of.ts';
import { checkJobFence, type JobFence } from '../job/job-fence.ts';
import { readJobState, writeJobState, type JobState } from '../job/job-state.ts';
import type { FleetEvent, FleetJobResult } from '../types.ts';
import { checkBranchAgainstTranscript } from '../workspace/check-branch-against-transcript.ts';
import { finishJobWorkspace } from '../workspace/finish-job-workspace.ts';
import { prepareJobWorkspace } from '../workspace/prepare-job-workspace.ts';
import { removeJobWorkspace } from '../workspace/remove-job-workspace.ts';
import { checkoutMoves } from './checkout-moves.ts';
import { checkpointJob } from './checkpoint-job.ts';
import { createJobKernel } from './create-job-kernel.ts';
import { ignoredProjectFiles } from './ignored-project-files.ts';
import { observeSessionStore } from './observe-session-store.ts';
import type { JobRunScope } from './job-run-scope.ts';
import { readAllowedScript } from './read-allowed-script.ts';
import { resumePoint } from './resume-point.ts';
import { rewoundStart } from './rewound-start.ts';
import { sumCost } from './sum-cost.ts';
import { joinSentences } from '../../errors/join-sentences.ts';

/** The longest a model's `retry-after` may be waited in place; a longer one backs off the whole queue instead. */
const IN_PLACE_RETRY_WAIT_MS = 2_000;

/** How one attempt of a job ended, for the worker to turn into BullMQ's terms. */
export type JobRunOutcome =
  | { type: 'done'; result: FleetJobResult }
  | { type: 'parked'; result: FleetJobResult }
  | { type: 'rate-limited'; delayMs: number; message: string }
  | { type: 'cancelled'; result: FleetJobResult };

/**
 * One attempt of a job: its script loaded, its workspace made or restored to the last checkpoint, and its
 * agent run on the job's Redis session, fresh (the prompt) or going on from the last completed turn (a
 * worker died: the session is forked at that turn's last message, so what the dead worker wrote after it
 * is not in the transcript, and the workspace is at that turn's commit). Each turn boundary is a checkpoint.
 * Every agent event goes to the job's stream. Every effect of the attempt is fenced by `fence` (its BullMQ job
 * lock and token): each state write, checkpoint and event is conditional on the lock in Redis, and every push
 * is made only right after the lock was seen held, the result branch only after the fenced `ended` write. The
 * attempt works in its own checkout, `<workspaceRoot>/<jobId>/<attempt>-<random>`, and resumes from the commit the
 * fenced state names. A lost lock rejects with 'JOB_ATTEMPT_FENCED'. A script or job that can never run throws `JOB_INVALID`,
 * `SCRIPT_FAILED` or `PLUGIN_LOAD_FAILED` (part of the project failed to load, unless the job allows it); what
 * may pass on a retry throws as it is.
 */
export async function runFleetJob(options: { job: Job; scope: JobRunScope; fence: JobFence; signal: AbortSignal }): Promise<JobRunOutcome> {
  const { job, scope, fence, signal } = options;
  const jobId = job.id!;
  const data = parseJobData(job.data);
  const stateKey = scope.keys.state(jobId);
  const { state, rewinding } = rewoundStart({ state: await readJobState(scope.redis, stateKey), data });
  const attempt = job.attemptsStarted;
  // The number and a random part: a take Redis lost (an append-only file synced each second) gives the next one the
  // same number, and the stale attempt must not work in, or remove, the new one's folder.
  const folder = { root: scope.workspaceRoot, jobId, attempt: `${attempt}-${randomBytes(4).toString('hex')}` };
  const beforePush = () => checkJobFence(scope.redis, fence);
  const events = createEventSender((batch) => scope.publish({ jobId, events: batch, attempt }));
  // Lifecycle events wait for everything before them; the agent's own stream does not wait (see createEventSender).
  const publish = async (event: FleetEvent) => {
    await events.send(event);
    await events.flush();
  };
  if (state.cancelled) return { type: 'cancelled', result: jobResultOf({ jobId, state, attempts: attempt, status: 'cancelled' }) };
  // A session with a checkpoint goes on from it; without one (the first attempt died before its first turn) the job starts again.
  const resuming = state.sessionId !== undefined && state.messageUuid !== undefined;
  await publish({ type: 'job-start', jobId, attempt, worker: scope.worker, ...(resuming && { resumedFromTurn: state.turn }), startedAt: new Date().toISOString() });

  if (state.ended) return { type: 'done', result: { ...state.ended, attempts: attempt, ...(data.workspace && { workspace: await finishEndedWorkspace({ folder, data, state, beforePush, signal }) }) } };
  // Checked and read from one descriptor at the moment of import: what runs is the file that passed the check.
  const script = readAllowedScript({ script: data.script, roots: scope.scriptRoots, workspaceRoot: scope.workspaceRoot, worker: scope.worker });
  const definition = await (scope.scripts?.load({ file: script.file, source: script.source }) ?? loadAgentScript(script.file, { source: script.source }));
  if (!definition) throw new CodevError('JOB_INVALID', `The script ${data.script} exports no agent definition`, { field: 'script', hint: 'export default defineAgent({ ... }) from the script' });
  const workspace = data.workspace ? await prepareJobWorkspace({ ...folder, spec: data.workspace, ...(resuming && { resumeTurn: state.turn, ...(state.commit && { resumeCommit: state.commit }) }), ...(data.rewoundFrom && { rewoundFrom: data.rewoundFrom.jobId }), signal }) : undefined;
  // The transcript names the folders of earlier attempts: the fork names this one instead, and they are denied.
  const moved = workspace && checkoutMoves({ earlier: state.checkouts, current: workspace.path, data });
  if (moved) await writeJobState(scope.redis, stateKey, { checkouts: moved.checkouts }, fence);
  const { kernel, trusted } = await createJobKernel({ data: moved?.data ?? data, script: script.file, workspace, scope });
  try {
    const ignored = workspace && !trusted ? ignoredProjectFiles(workspace.path) : [];
    if (ignored.length > 0) await publish({ type: 'warning', code: 'WORKSPACE_UNTRUSTED', message: `Worker ${scope.worker} does not trust ${data.workspace!.repo}: the checkout's ${ignored.join(', ')} were not loaded (the job runs with the project of its script). The worker's operator can trust it: codev worker --trust-workspace URL (fleet.trustedRepositories).` });
    // What failed to load is the job's news too: a tool it needs may be missing.
    for (const error of kernel.errors) await publish({ type: 'warning', code: error.code, message: error.format() });
    // Without it the job would spend tokens with every call its rules could allow denied: no retry loads it either.
    if (kernel.errors.length > 0 && !data.allowBrokenPlugins) {
      throw new CodevError('PLUGIN_LOAD_FAILED', `Part of the job's project failed to load on worker ${scope.worker}: ${kernel.errors.map((error) => error.format().split('\n')[0]).join('; ')}`, {
        file: kernel.errors[0]!.file,
        line: kernel.errors[0]!.line,
        hint: 'fix it (the warning events name each file and line), or submit the job with allowBrokenPlugins (codev queue add --allow-broken-plugins)',
      });
    }
    const store = observeSessionStore(scope.store);
    const spent = state.spentUsd;
    // A parked job goes on in its own session; any other resumed job forks at its checkpoint (its last answer's: done again).
    // A rewind with a prompt goes on right after the checkpoint's message, the model's last answer included.
    const sendPrompt = rewinding && data.rewoundFrom!.sendPrompt;
    const point = sendPrompt ? { at: state.messageUuid!, turn: state.turn } : resuming && state.approvals === undefined ? await resumePoint({ store: scope.store, sessionId: state.sessionId!, messageUuid: state.messageUuid!, turn: state.turn }) : undefined;
    const canUseTool: CanUseTool = (_tool, _input, ask) => (data.deferAsks ? { behavior: 'defer', message: ask.message } : { behavior: 'deny', unattended: true, message: joinSentences(ask.message, "A fleet job has nobody to ask, so it was denied: allow it with a rule in the job's permissions.") });
    // The job's model over the script's; one client per provider (settings and credentials) for the worker's jobs.
    // A provider with nothing to talk to is MODEL_NOT_CONFIGURED here as it is in createAgent.
    const model = overModelSetting(definition.model, data.model);
    const { provider } = resolveModelProvider({ settings: model, apiKey: definition.apiKey, baseURL: definition.baseURL, env: scope.env, configModel: kernel.config.model });
    const client = await scope.models?.client(provider, { maxRetries: 2, sdkSpans: scope.env.ANTHROPIC_OPEN_TELEMETRY?.toLowerCase() === 'true' });
    const agent = createAgent({
      ...definition,
      ...(client && { client }),
      kernel,
      env: scope.env,
      canUseTool,
      sessionStore: store,
      persistSession: true,
      // The worker checkpoints the job's checkout itself, every turn: none in the project's .codev/checkpoints/ too.
      checkpoints: false,
      model,
      maxTurns: remainingTurns(data.maxTurns ?? definition.maxTurns, point?.turn ?? state.turn),
      maxBudgetUsd: remainingBudget(data.maxBudgetUsd ?? definition.maxBudgetUsd, spent ?? 0),
      maxRetryWaitMs: Math.min(definition.maxRetryWaitMs ?? IN_PLACE_RETRY_WAIT_MS, IN_PLACE_RETRY_WAIT_MS),
      ...(resuming && { resume: state.sessionId, ...(point && { at: point.at }), ...(moved && { movedPaths: moved.moves }) }),
    });
    let end: Extract<AgentEvent, { type: 'end' }> | undefined;
    let text: string | undefined;
    let rateLimit: { delayMs: number; message: string } | undefined;
    let failure: Extract<AgentEvent, { type: 'error' }>['error'] | undefined;
    const waiting: NonNullable<JobState['parked']> = [];
    let turn = point?.turn ?? state.turn;
    let answersTaken = false;
    // What the model billed so far: written with each checkpoint and at the end, not awaited per request.
    let spentNow = spent;
    try {
      const run = resuming && !sendPrompt ? agent.resume({ signal, ...(state.approvals && { approvals: state.approvals }) }) : agent.query(data.prompt, { signal });
      for await (const event of run) {
        // The answers were taken: a retry after this point goes on from the session, not from them again.
        if (state.approvals && !answersTaken) answersTaken = await writeJobState(scope.redis, stateKey, { approvals: undefined, parked: undefined }, fence).then(() => true);
        // The turn's events go before the checkpoint's state write: a job resumed from it never misses them.
        if (event.type === 'turn-start' && event.turn > 1) turn = await checkpointJob({ scope, fence, jobId, turn: turn + 1, store, workspace, sessionId: agent.sessionId, events, attempt, spentUsd: spentNow });
        // A new session (the first attempt, or a fork at the last checkpoint): a retry goes on from its start.
        // A rewound job's state names its start too: a retry restores that turn's checkout, not the base commit.
        if (event.type === 'turn-start' && event.turn === 1 && agent.sessionId !== state.sessionId) await store.flush().then(() => writeJobState(scope.redis, stateKey, { sessionId: agent.sessionId, messageUuid: store.lastMessageUuid(), ...(rewinding && { turn, ...(state.commit && { commit: state.commit }) }) }, fence));
        if (event.type === 'text') text = event.text;
        if (event.type === 'usage') {
          spentNow = sumCost(spent, event.totalCostUsd);
          // Sent, not awaited: the commands of one connection keep their order, so the checkpoint after it sees it;
          // a failed one (a fence, Redis away) is found by the next awaited write, and the checkpoint writes the total again.
          void writeJobState(scope.redis, stateKey, { spentUsd: spentNow }, fence).catch(() => {});
        }
        if (event.type === 'tool-deferred') waiting.push({ toolUseId: event.toolUseId, toolName: event.toolName, input: event.input, message: event.message });
        if (event.type === 'error') failure = event.error;
        if (event.type === 'error' && event.error.code === 'MODEL_RATE_LIMITED') rateLimit = { delayMs: Math.max(1_000, (event.error.retryAfterSeconds ?? 10) * 1_000), message: event.error.message };
        // The query's whole cost: its compaction summaries and tool calls' requests (WebFetch) are no turn's usage.
        if (event.type === 'end') {
          end = event;
          spentNow = sumCost(spent, event.costUsd);
          // An end that is checkpointed (below) writes the total with its checkpoint; the others write it now.
          if (event.reason === 'aborted' || event.reason === 'error') await writeJobState(scope.redis, stateKey, { spentUsd: spentNow }, fence);
        }
        await events.send(event);
      }
      await events.flush();
    } finally {
      await agent.close();
    }
    if (!end) throw new CodevError('JOB_INVALID', 'The agent ended without an end event');
    if (end.reason !== 'aborted' && end.reason !== 'error') turn = await checkpointJob({ scope, fence, jobId, turn: turn + 1, store, workspace, sessionId: agent.sessionId, events, attempt, spentUsd: spentNow });
    const latest = await readJobState(scope.redis, stateKey);
    const base = { jobId, state: latest, attempts: attempt, end, text };
    if (latest.cancelled) return { type: 'cancelled', result: jobResultOf({ ...base, status: 'cancelled' }) };
    if (end.reason === 'aborted') throw new CodevError('TOOL_ABORTED', `The job's query was stopped on worker ${scope.worker}: ${errorMessage(signal.reason)}`, { hint: 'it goes on from its last completed turn on the next attempt' });
    if (end.reason === 'error' && rateLimit) return { type: 'rate-limited', ...rateLimit };
    // The cause (the API's status and message, a stalled stream) is the job's error, under its own code.
    if (end.reason === 'error') throw new CodevError(failure?.code ?? 'MODEL_REQUEST_FAILED', `The job's agent ended with an error: ${failure?.message ?? text ?? 'no error event told why'}`);
    if (end.reason === 'deferred') {
      await writeJobState(scope.redis, stateKey, { parked: waiting }, fence);
      const parked = jobResultOf({ ...base, status: 'parked' });
      await publish({ type: 'job-parked', jobId, waiting });
      return { type: 'parked', result: parked };
    }
    if (workspace && agent.sessionId) await checkBranchAgainstTranscript({ messages: (await store.read(agent.sessionId)).messages.map((entry) => entry.message), checkout: workspace.path, earlierCheckouts: moved?.checkouts, jobId });
    // Kept before the workspace is finished: a worker dying now leaves an attempt that only finishes it.
    const completed = jobResultOf({ ...base, status: 'completed' });
    await writeJobState(scope.redis, stateKey, { ended: completed }, fence);
    const finished = workspace ? await finishJobWorkspace({ workspace, beforePush, signal }) : undefined;
    return { type: 'done', result: { ...completed, ...(finished && { workspace: finished }) } };
  } finally {
    await kernel.close();
    // The checkout is this attempt's: the next one restores it from the job's last checkpoint.
    if (workspace) await removeJobWorkspace(folder);
  }
}

/** The workspace of a job whose agent finished before its worker died: restored at the last turn and finished. */
async function finishEndedWorkspace(options: { folder: { root: string; jobId: string; attempt: string }; data: FleetJobData; state: JobState; beforePush: () => Promise<void>; signal: AbortSignal }) {
  const { folder, state, signal } = options;
  const workspace = await prepareJobWorkspace({ ...folder, spec: options.data.workspace!, resumeTurn: state.turn, ...(state.commit && { resumeCommit: state.commit }), signal });
  try {
    return await finishJobWorkspace({ workspace, beforePush: options.beforePush, signal });
  } finally {
    await removeJobWorkspace(folder);
  }
}

function parseJobData(value: unknown): FleetJobData {
  const parsed = fleetJobDataSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new CodevError('JOB_INVALID', `The job's data is not a codev job: ${issue.path.join('.') || 'job'}: ${issue.message}`, { field: issue.path.join('.'), hint: 'submit jobs with fleet.submit() or codev queue add, from the same codev version as the workers' });
}

/** The turns earlier attempts left (at least one: the turn the job is in); undefined when there is no limit. */
function remainingTurns(limit: number | undefined, used: number): number | undefined {
  return limit === undefined ? undefined : Math.max(limit - used, 1);
}

/** The budget earlier attempts left; undefined when there is no limit. */
function remainingBudget(limit: number | undefined, spent: number): number | undefined {
  return limit === undefined ? undefined : Math.max(limit - spent, Number.MIN_VALUE);
}
