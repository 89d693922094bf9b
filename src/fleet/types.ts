/** The public contract of `codev/fleet`. Types only. */
import type { AgentEvent, EndReason, Usage } from '../agent/types.ts';
import type { ToolApproval } from '../agent/types.ts';
import type { CodevError } from '../errors/codev-error.ts';
import type { JobModelSettings, JobPermissions } from './job/fleet-job-data.ts';
import type { FinishedJobWorkspace, JobWorkspaceSpec } from './workspace/types.ts';

/** Where the fleet lives: one Redis, one queue name. */
export interface FleetOptions {
  /** A `redis://` or `rediss://` URL. Default `CODEV_REDIS_URL`. */
  connection?: string;
  /** The queue's name; fleets with different names share nothing. Default `codev`. */
  queue?: string;
  /** Read for `CODEV_REDIS_URL`. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** One job to submit: an agent script, run on a prompt by whichever worker takes it. */
export interface SubmitOptions {
  /** The agent script (`defineAgent` default export), resolved against `cwd`; workers must have it at the same absolute path. */
  script: string;
  /** The prompt: one job. */
  prompt?: string;
  /** Many prompts: one job each, submitted together. */
  prompts?: readonly string[];
  /** A checkout of `repo` at `ref` for each job (see the fleet docs); without it the job runs in the script's folder. */
  workspace?: JobWorkspaceSpec;
  /** The mode (default `dontAsk`: nobody is there to ask) and the rules, checked now: an invalid rule refuses the submit. */
  permissions?: JobPermissions;
  maxTurns?: number;
  maxBudgetUsd?: number;
  /**
   * The model id, or the provider and its settings (`{ provider: 'bedrock', id, region }`) over the script's. Keys and
   * URLs are not accepted (`JOB_INVALID`): a job is stored in Redis; they come from the workers' environment or the script.
   */
  model?: string | JobModelSettings;
  /** How many times a failing job runs in all (default 3), with exponential backoff between. */
  attempts?: number;
  /** An ask parks the job until `codev queue approve|deny` answers it, instead of being denied. */
  deferAsks?: boolean;
  /**
   * Run the job even when part of its project (a plugin, the config, the settings, an MCP server) fails to load
   * on the worker, without it. By default such a job fails at once with `PLUGIN_LOAD_FAILED`, before any model request.
   */
  allowBrokenPlugins?: boolean;
  /** Where `script` and a local `workspace.repo` given as a relative path are resolved. Default `process.cwd()`. */
  cwd?: string;
  /**
   * The largest prompt accepted, in bytes of UTF-8 (default `MAX_PROMPT_BYTES`, 1 MiB): a prompt is kept in the
   * job's data and again in its session, and a bigger one is refused (`JOB_INVALID`) before anything is queued.
   */
  maxPromptBytes?: number;
}

/** What the fleet adds to an agent's events: where the job is in its life. */
export type JobLifeEvent =
  | { type: 'job-start'; jobId: string; attempt: number; worker: string; resumedFromTurn?: number; /** ISO 8601, on the worker's clock. */ startedAt: string }
  | { type: 'job-checkpoint'; jobId: string; turn: number; messageUuid?: string; commit?: string; /** The session holding `messageUuid`. */ sessionId?: string }
  | { type: 'job-parked'; jobId: string; waiting: readonly { toolUseId: string; toolName: string; input: unknown; message: string }[] }
  | { type: 'job-retry'; jobId: string; reason: 'rate-limited' | 'failed' | 'worker-stopped'; delayMs?: number; message: string }
  | { type: 'job-end'; jobId: string; result: FleetJobResult };

/**
 * A job's `end` event: the agent's, less its transcript (the job's session keeps that, once): a fleet job's
 * stream would otherwise hold the whole conversation again for every attempt. `messageCount` says how long it was.
 */
export type FleetEndEvent = Omit<Extract<AgentEvent, { type: 'end' }>, 'messages'> & { messageCount: number };

/**
 * An event of a job: the agent's own (its `end` a summary, see `FleetEndEvent`), in the order its queries
 * made them, and the job's life around them.
 */
export type FleetEvent = Exclude<AgentEvent, { type: 'end' }> | FleetEndEvent | JobLifeEvent;

/** How a job ended. */
export interface FleetJobResult {
  jobId: string;
  status: 'completed' | 'failed' | 'cancelled' | 'parked';
  /** The agent's last answer. */
  text?: string;
  /** The typed answer, when the script has an `outputSchema`. */
  output?: unknown;
  endReason?: EndReason;
  /** Turns over every attempt. */
  turns: number;
  usage?: Usage;
  /** USD over every attempt; null when a model had no price. */
  costUsd: number | null;
  sessionId?: string;
  attempts: number;
  /** The branch (and patch) the job's workspace was pushed to. */
  workspace?: FinishedJobWorkspace;
  error?: { code: string; message: string };
}

/** A submitted job. */
export interface JobHandle {
  readonly id: string;
  /** Every event of the job from its start, live, in order; ends after `job-end`. */
  events(options?: { signal?: AbortSignal }): AsyncIterable<FleetEvent>;
  /**
   * Waits for the job to end (bounded by `timeoutMs` when given). A job BullMQ ended without codev (its stall
   * limit, a removal, a drained or obliterated queue; an id it never had) ends while it waits, `failed` with
   * `JOB_STALLED` or `JOB_REMOVED`, even with no worker left.
   */
  result(options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<FleetJobResult>;
  /** Cancels a waiting job at once, a running one through its query's signal (its transcript kept). */
  cancel(): Promise<void>;
}

/** One job as `status` lists it. */
export interface JobSummary {
  id: string;
  state: 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'cancelled' | 'parked' | 'prioritized' | 'waiting-children' | 'waiting-parent' | 'unknown';
  prompt: string;
  script: string;
  turn: number;
  attempts: number;
  costUsd: number | null;
  submittedAt: string;
  error?: string;
  /** The job and turn this job was rewound from (`fleet.rewind`). */
  rewoundFrom?: { jobId: string; turn: number };
}

/** A call a parked job waits on. */
export interface ParkedCall {
  toolUseId: string;
  toolName: string;
  input: unknown;
  message: string;
}

/** One job as `fleet.inspect` shows it. */
export interface JobInspection {
  summary: JobSummary;
  sessionId?: string;
  /** The calls it waits on now (parked and not answered yet); empty when it waits on none. */
  parked: ParkedCall[];
  /** Its checkpoints by turn (of its latest events: a long job's earliest may be left out). */
  checkpoints: Extract<JobLifeEvent, { type: 'job-checkpoint' }>[];
  /** Its latest events, oldest first. */
  events: FleetEvent[];
  /** How it ended, once it did. */
  result?: FleetJobResult;
}

/** Whether the queue holds jobs back for a rate limit (the model API's 429s, or the workers' `limiter`). */
export interface FleetRateLimit {
  limited: boolean;
  /** When it lifts (ms since the epoch), while limited. */
  untilMs?: number;
  /** The jobs it holds back: those waiting. */
  heldJobs: number;
}

/** One event of one of the jobs followed. */
export interface JobEventOf {
  jobId: string;
  event: FleetEvent;
}

/** The events of many jobs, live, in order per job; a job is dropped after its `job-end`. */
export interface JobEventStreams extends AsyncIterable<JobEventOf> {
  /** Stops following a job (its events after this are not read). */
  forget(jobId: string): void;
}

/** What cleaning one job removed (or, in a dry run, would remove). */
export interface CleanedJob {
  jobId: string;
  /** Its session, when it had one and it was free (a held session is never taken from its holder). */
  session?: string;
  /** Its hidden refs (`refs/codev/jobs/<id>/*`) deleted from its repository; the result branch stays. */
  refs: number;
  /** Its local checkout under the workspace root. */
  checkout: boolean;
  /** What could not be removed, and why (the rest was). */
  problems: string[];
}

/** Options of `fleet.clean()`. */
export interface CleanOptions {
  /** Only jobs that ended at least this long ago (ms). Default a week. */
  olderThanMs?: number;
  /** Say what would be removed, remove nothing. */
  dryRun?: boolean;
  /** The workers' workspace root on this machine: ended jobs' checkouts left there are removed too. */
  workspaceRoot?: string;
  /** Told after each job, with how many are done of how many. */
  onProgress?: (progress: { done: number; total: number; job: CleanedJob }) => void;
  signal?: AbortSignal;
}

/** What `fleet.clean()` removed (or would remove). */
export interface CleanReport {
  /** Ended jobs old enough to clean. */
  jobs: CleanedJob[];
  /** Ended jobs kept: younger than `olderThanMs`. */
  kept: number;
  /**
   * Sessions last written before `olderThanMs` that no kept job names (of jobs BullMQ already dropped, or an
   * attempt's session a later one forked from), removed on their own.
   */
  sessions: string[];
  /** What could not be removed of those sessions, and why. */
  problems: string[];
}

/** Options of `fleet.worker()`. */
export interface WorkerOptions {
  /** Jobs this worker runs at once. Default 1. */
  concurrency?: number;
  /** Queue-wide: at most `max` session starts per `durationMs`, over every worker. */
  limiter?: { max: number; durationMs: number };
  /**
   * The folders whose agent scripts this worker runs; a job naming a script elsewhere (or in `workspaceRoot`)
   * fails with `JOB_INVALID`. Judged when the job runs, on the file the worker opened with every link resolved,
   * and the text that runs is read from that same file. Whoever can write to the queue chooses the script: this
   * is what a worker trusts. Default: the worker's working directory.
   */
  scriptRoots?: readonly string[];
  /**
   * The job repositories whose checkouts this worker trusts: named as jobs name them to git (a URL, or a local
   * path), or as globs of such names (`*` any characters but `/`, `:` and `@`, `**` any but `:` and `@`), e.g.
   * `git@github.com:acme/*`. A name with a `.` or `..` segment, `%`, `?`, `#`, a backslash, a space or a
   * control character is trusted only by the very same string.
   * A job's checkout of any other repository is worked in but never loaded from: its `codev.config.ts`,
   * `plugins/`, `.mcp.json`, `.codev/` (local settings, agent types), `skills/`, `agents/` and `CLAUDE.md`
   * are ignored, and the job runs with the project of its script. Default none.
   */
  trustedRepositories?: readonly string[];
  /** Where job checkouts go (one folder per attempt: `<workspaceRoot>/<jobId>/<attempt>-<random>`). Default a folder in the OS temp folder. */
  workspaceRoot?: string;
  /**
   * Lock and stall settings of BullMQ (see the fleet docs); tests shorten them. The lock fences each attempt's
   * writes, so `lockDurationMs` under 5000 is refused with 'FLEET_LOCK_UNSAFE'.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  /** Where the worker says what it does (a waiting Redis, a job taken, a retry). */
  onLog?: (line: string) => void;
  /**
   * Told once when Redis refuses the running worker (`FLEET_REDIS_AUTH_FAILED`: its password changed, its
   * user was revoked or lost a right): no reconnection helps, so the owner closes it (`close` then waits
   * on no Redis command). Without it the refusal is only logged, once.
   */
  onRefused?: (error: CodevError) => void;
  /** The environment of the agents (the model's key and URL). Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A name in events and logs. Default host:pid. */
  name?: string;
}

/** Options of `fleet.rewind()`. */
export interface RewindJobOptions {
  /** The completed turn to start from (its `job-checkpoint` event's `turn`), from 1. */
  to: number;
  /** A new user message to go on with; without it the job goes on from the checkpoint as it was. */
  prompt?: string;
  /** How many times the new job runs in all when it fails. Default: the old job's. */
  attempts?: number;
}

/** A running worker. */
export interface FleetWorker {
  readonly name: string;
  /** Stops taking jobs, lets the running ones finish (or aborts them with `force`), then closes its connections. */
  close(options?: { force?: boolean }): Promise<void>;
}

/** The fleet: submit, watch, answer and cancel jobs; start workers. */
export interface Fleet {
  /** Submits one job (`prompt`) or one per prompt (`prompts`); refuses invalid input (`JOB_INVALID`) before anything is queued. */
  submit(options: SubmitOptions & { prompt: string; prompts?: undefined }): Promise<JobHandle>;
  submit(options: SubmitOptions & { prompts: readonly string[]; prompt?: undefined }): Promise<JobHandle[]>;
  job(id: string): JobHandle;
  /**
   * How many jobs are in each state, and a summary of the newest `limit` (default 50) or of `ids`; each prompt
   * whole, or its first `promptBytes` bytes (whole characters): a job's data is never read whole.
   */
  status(options?: { ids?: readonly string[]; limit?: number; promptBytes?: number }): Promise<{ counts: Record<string, number>; jobs: JobSummary[] }>;
  /** Answers a parked job's waiting calls; once each has its answer the job goes on, on any worker. */
  answer(options: { jobId: string; approvals: Readonly<Record<string, ToolApproval>> }): Promise<void>;
  cancel(id: string): Promise<void>;
  /**
   * One job for a person to read: its summary, session, waiting calls (those `answer` takes), checkpoints,
   * its last `recentEvents` events (default 50, at most 1,000) and result. `JOB_NOT_FOUND` when there is none.
   */
  inspect(jobId: string, options?: { recentEvents?: number; promptBytes?: number }): Promise<JobInspection>;
  /** Whether the queue holds jobs back for a rate limit now, until when, and how many. */
  rateLimit(): Promise<FleetRateLimit>;
  /**
   * Starts a new job at job `jobId`'s checkpoint of turn `to`: its checkout at that turn's commit, its session
   * forked at that turn's last message, going on from there (with `prompt` as a new user message when given),
   * as a resumed attempt would. The new job has the old one's script, workspace, rules and limits, a new id,
   * and `rewoundFrom` in its status; the old job is left as it was. `CHECKPOINT_NOT_FOUND` (naming the turns
   * there are) when turn `to` has no checkpoint, or the job was cleaned; `JOB_NOT_FOUND` when there is no such job.
   *
   * @example
   * const again = await fleet.rewind(job.id, { to: 2, prompt: 'Keep the old API this time' });
   * console.log((await again.result()).status);
   */
  rewind(jobId: string, options: RewindJobOptions): Promise<JobHandle>;
  /**
   * The events of many jobs (`ids`, else every job unfinished now, however many), live, over one connection:
   * `jobIds` are the jobs followed; a job is dropped after its `job-end`, or by `forget`.
   */
  watch(options?: { ids?: readonly string[]; signal?: AbortSignal }): Promise<JobEventStreams & { jobIds: readonly string[] }>;
  /**
   * Removes ended jobs (completed, failed, cancelled) older than `olderThanMs` (default a week): their sessions,
   * hidden refs in their repositories (not the result branch), events, state, BullMQ record and, given the
   * `workspaceRoot`, checkouts left on this machine. A job that runs is never touched.
   */
  clean(options?: CleanOptions): Promise<CleanReport>;
  worker(options?: WorkerOptions): Promise<FleetWorker>;
  close(): Promise<void>;
}
