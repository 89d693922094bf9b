/**
 * The contract of `codev ui`: the JSON its server answers and the page reads. Types only, imported by the server
 * (src/ui/server/) and by the page (src/ui/page/, browser code): nothing here may import a runtime module.
 *
 * Routes (all under the server's origin; every `/api/` route needs the session cookie or `Authorization: Bearer`;
 * every POST also needs `content-type: application/json` and an allowed `Origin`):
 * - `GET  <page>?token=T`                       sets a session cookie (not the token), redirects to that page (the token leaves the address bar)
 * - `GET  /`, `/assets/*`                        the prebuilt page (any other non-API path answers the page: client routing)
 * - `GET  /api/overview`                         `UiOverview`
 * - `GET  /api/sessions?q=&status=&model=&offset=&limit=`  `UiSessionList`
 * - `GET  /api/sessions/:id`                     `UiSessionView` (file store; a subagent's id reads its own transcript)
 * - `GET  /api/sessions/:id/results/:toolUseId`  `UiToolResultText`: one result whole (a large one by reference: its file, bounded)
 * - `GET  /api/sessions/:id/events`              server-sent events, each `data:` one `UiSessionEvent`
 * - `GET  /api/fleet`                            `UiFleetView` (FLEET_NOT_CONFIGURED when there is none)
 * - `GET  /api/fleet/events`                     server-sent events, each `data:` one `UiFleetEvent`
 * - `GET  /api/fleet/jobs/:id`                   `UiJobView`
 * - `GET  /api/fleet/jobs/:id/session`           `UiSessionView` of the job's session (the fleet's Redis store)
 * - `GET  /api/fleet/jobs/:id/session/events`    server-sent events of the job's session, `UiSessionEvent`
 * - `POST /api/fleet/jobs/:id/answer`            body `UiAnswerRequest`: what `codev queue approve|deny` does → `UiOk`
 * - `POST /api/fleet/jobs/:id/cancel`            what `codev queue cancel` does → `UiOk`
 * - `GET  /api/tools`                            `UiToolPool`
 * - `GET  /api/tools/events`                     server-sent events, each `data:` one `UiToolPool` (after a hot reload)
 * - `POST /api/explain`                          body `UiExplainRequest` → `UiExplanation` (the engine of `codev rules explain`)
 * An error answers its HTTP status with `UiError`.
 */

/** Every error the API answers, with codev's stable code (`CodevErrorCode`) and a fix when there is one. */
export interface UiError {
  error: { code: string; message: string; hint?: string };
}

/** A POST that did what it was asked. */
export interface UiOk {
  ok: true;
}

/** What the page shows in its header and which sections it offers. */
export interface UiOverview {
  codevVersion: string;
  project: { root: string; name: string };
  /** Whether a fleet is configured (`CODEV_REDIS_URL`, `--redis`), its queue, and why it cannot be reached when it cannot. */
  fleet: { configured: boolean; queue?: string; error?: UiError['error'] };
  /** The sessions folder read (`<project>/.codev/sessions`). */
  sessionsDirectory: string;
}

/** How a session stands now. */
export type UiSessionStatus =
  /** An agent holds it (its lock is live): it may grow. */
  | 'running'
  /** Its last query ended with calls waiting for approval. */
  | 'waiting'
  /** Nobody holds it. */
  | 'idle';

/** Query of `GET /api/sessions`. All optional; `q` matches id, title, first and last prompt, model (case-insensitive). */
export interface UiSessionListQuery {
  q?: string;
  status?: UiSessionStatus;
  model?: string;
  /** Paging: rows `offset`..`offset+limit` of the filtered list (most recently updated first). `limit` ≤ 500, default 100. */
  offset?: number;
  limit?: number;
}

/** One row of the sessions list. */
export interface UiSessionRow {
  id: string;
  /** The first prompt's first line, trimmed (or the id when there is none). */
  title: string;
  firstPrompt?: string;
  lastPrompt?: string;
  model: string;
  turns: number;
  messages: number;
  /** USD; null when a model had no price; undefined when the session predates recorded costs. */
  costUsd?: number | null;
  inputTokens: number;
  outputTokens: number;
  createdAt: string;
  updatedAt: string;
  /** updatedAt − createdAt. */
  durationMs: number;
  status: UiSessionStatus;
  forkedFrom?: { sessionId: string; messageUuid?: string };
  parentSessionId?: string;
}

/** `GET /api/sessions`. */
export interface UiSessionList {
  /** Sessions matching the query, before paging. */
  total: number;
  offset: number;
  rows: UiSessionRow[];
  /** Every model the sessions used, for the filter. */
  models: string[];
  /** Entries of the sessions folder that are not readable sessions (left out), how many. */
  skipped: number;
}

/** A permission decision as the page shows it. */
export interface UiDecision {
  behavior: 'allow' | 'deny';
  /** Who decided: config (a rule or the mode), hook, user_temporary, user_permanent, user_reject, user_abort. */
  source: string;
  rule?: string;
  /** The reason's type: rule, mode, hook, user, classifier, safetyCheck, ... */
  reason?: string;
  hookName?: string;
}

/** A tool's result as the page shows it: text cut to a preview; the whole by `GET .../results/:toolUseId`. */
export interface UiToolResult {
  isError: boolean;
  /** The text (joined text blocks), at most `UI_RESULT_PREVIEW_CHARS` characters. */
  preview: string;
  /** The whole text's length in characters (more than the preview when cut). */
  chars: number;
  /** Images and documents in the result, how many. */
  attachments: number;
  /** A large result saved to a file: its path (the preview is the model's preview). */
  persistedPath?: string;
}

/** How many characters of a result a session view carries; the rest is fetched on demand. */
export const UI_RESULT_PREVIEW_CHARS = 2000;

/** A change to a file by Edit, MultiEdit or Write, as a unified diff of the call's input (before → after). */
export interface UiFileDiff {
  path: string;
  /** Unified diff lines (` `, `-`, `+`, `@@` prefixed); for a Write, every line added. */
  lines: string[];
  /** True when lines were left out (a huge edit). */
  truncated?: boolean;
}

/** One thing in a session's timeline; `id` is stable across reads, so a live update replaces what it names. */
export type UiTimelineItem =
  | { kind: 'prompt'; id: string; timestamp: string; text: string; attachments: number }
  | { kind: 'text'; id: string; timestamp: string; text: string }
  | { kind: 'thinking'; id: string; timestamp: string; text: string; redacted: boolean }
  | {
      kind: 'tool-call';
      /** The tool_use id. */
      id: string;
      timestamp: string;
      toolName: string;
      input: unknown;
      decision?: UiDecision;
      durationMs?: number;
      errorCode?: string;
      /** Absent while the call runs (or when its result was lost). */
      result?: UiToolResult;
      diff?: UiFileDiff;
      /** TodoWrite's list. */
      todos?: { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm?: string }[];
      /** The subagent's session (Agent), shown nested: read with `GET /api/sessions/:id`. */
      subagentSessionId?: string;
      /** Waiting for approval (the session's pending calls). */
      waiting?: boolean;
    }
  | { kind: 'compaction'; id: string; timestamp: string; trigger: 'auto' | 'overflow' | 'manual'; tokensBefore: number; tokensAfter: number }
  | { kind: 'retry'; id: string; timestamp: string; turn: number; attempt: number; maxRetries: number; waitMs: number; error: { code?: string; status?: number; message: string } }
  | { kind: 'model-fallback'; id: string; timestamp: string; turn: number; from: string; to: string; error: { code?: string; status?: number; message: string } }
  | { kind: 'checkpoint'; id: string; timestamp: string; turn: number }
  | { kind: 'rewind'; id: string; timestamp: string; turn: number; kept: number }
  /** Tool results and other content a person did not type (sent with results: notifications, queued messages). */
  | { kind: 'note'; id: string; timestamp: string; text: string };

/** One turn's request(s): tokens and cost, for the per-turn chart. */
export interface UiTurnCost {
  turn: number;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  /** USD; null when the model has no price. */
  costUsd: number | null;
  durationMs: number;
}

/** `GET /api/sessions/:id`: a session as people read it. */
export interface UiSessionView {
  id: string;
  row: UiSessionRow;
  cwd: string;
  permissionMode?: string;
  codevVersion: string;
  /** In order, history before compactions included. */
  items: UiTimelineItem[];
  turns: UiTurnCost[];
  /** The session's task list as last saved. */
  todos?: { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm?: string }[];
  /** Lines of the transcript that could not be read (skipped). */
  problems: { line: number; kind: string; message: string }[];
  /** The sessions of its subagents (ids), in the order they started. */
  subagents: string[];
}

/** `GET /api/sessions/:id/results/:toolUseId`. */
export interface UiToolResultText {
  toolUseId: string;
  text: string;
  /** True when even the whole was cut (past `UI_RESULT_MAX_CHARS`). */
  truncated: boolean;
}

/** The most of one result the server sends whole. */
export const UI_RESULT_MAX_CHARS = 1_000_000;

/**
 * A live update of a session (`.../events`): items new or changed (replace by `id`), the row as it stands now,
 * and `turns` from the first one's `turn` on (the turns before it are as the page has them; empty: none new),
 * since a long session's every turn in every event would outgrow the stream.
 */
export type UiSessionEvent =
  | { type: 'items'; items: UiTimelineItem[]; turns: UiTurnCost[]; row: UiSessionRow }
  /** The transcript was replaced (rewritten, a fork took its place): read it again whole. */
  | { type: 'reset' }
  /** Sent every 15 s so that proxies and the page know the stream lives. */
  | { type: 'ping' };

/** A fleet job's state, as `codev queue status` shows it. */
export type UiJobState = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'cancelled' | 'parked' | 'prioritized' | 'waiting-children' | 'waiting-parent' | 'unknown';

/** One row of the fleet's jobs. */
export interface UiJobRow {
  id: string;
  state: UiJobState;
  prompt: string;
  script: string;
  turn: number;
  attempts: number;
  costUsd: number | null;
  submittedAt: string;
  /** The last tool the job called (live), and its worker. */
  lastTool?: string;
  worker?: string;
  error?: string;
  rewoundFrom?: { jobId: string; turn: number };
}

/** A parked job's call waiting for an answer. */
export interface UiParkedCall {
  toolUseId: string;
  toolName: string;
  input: unknown;
  message: string;
}

/** The queue's rate limit: whether jobs are held back now, and until when. */
export interface UiRateLimit {
  limited: boolean;
  /** ISO 8601: when the limit lifts, when known. */
  until?: string;
  /** Jobs delayed for it now. */
  delayedJobs: number;
}

/** `GET /api/fleet`. */
export interface UiFleetView {
  queue: string;
  counts: Record<string, number>;
  /** The newest jobs first (at most 200). */
  jobs: UiJobRow[];
  rateLimit: UiRateLimit;
}

/** `GET /api/fleet/jobs/:id`. */
export interface UiJobView {
  job: UiJobRow;
  sessionId?: string;
  parked: UiParkedCall[];
  checkpoints: { turn: number; commit?: string; messageUuid?: string; sessionId?: string }[];
  /** Where its workspace went: the result branch, its commit, the patch file. */
  workspace?: { repository?: string; branch?: string; commit?: string; patch?: string };
  /** Its latest life events (start, retry, park, end), newest last, as one line each. */
  log: { at?: string; text: string }[];
  result?: { status: string; text?: string; endReason?: string; error?: { code: string; message: string } };
}

/** A live update of the fleet (`/api/fleet/events`): a job changed (its row now), or the counts did. */
export type UiFleetEvent =
  | { type: 'job'; job: UiJobRow; parked?: UiParkedCall[] }
  | { type: 'counts'; counts: Record<string, number>; rateLimit: UiRateLimit }
  | { type: 'ping' };

/** `POST /api/fleet/jobs/:id/answer`: each waiting call's answer, by tool_use id (`codev queue approve|deny`). */
export interface UiAnswerRequest {
  approvals: Record<string, { behavior: 'allow' } | { behavior: 'deny'; message?: string }>;
}

/** One tool of the pool as loaded now. */
export interface UiToolRow {
  name: string;
  /** `builtin`, `plugin <file>`, `mcp <server>`, ... as `codev tools` shows it. */
  source: string;
  aliases: string[];
  flags: string[];
  /** The first line of its description. */
  summary: string;
  readOnly: boolean;
}

/** `GET /api/tools`: the pool now, after the latest hot reload. */
export interface UiToolPool {
  /** Counts reloads: changes when the pool was reloaded. */
  generation: number;
  tools: UiToolRow[];
  /** What failed to load (a plugin, a settings file), with its file and fix: every call then asks. */
  errors: { source: string; message: string; hint?: string }[];
  /** The permission mode calls are explained in by default. */
  mode: string;
}

/** `POST /api/explain`: "would this call be allowed, and why". `input` a JSON object, or a bare command/path/URL string. */
export interface UiExplainRequest {
  tool: string;
  input: unknown;
  mode?: string;
}

/** `POST /api/explain`'s answer: the engine's explanation (`codev rules explain --json`), as JSON. */
export interface UiExplanation {
  tool: string;
  input: Record<string, unknown>;
  mode: string;
  inputError?: string;
  shell: {
    command: string;
    sandboxed: boolean;
    parsed: boolean;
    failure?: string;
    opaque?: string;
    redirects: { reads: string[]; writes: string[] };
    /** Each simple command: `origin` top, command-substitution, ...; the rule covering (allowedBy) or matching (deniedBy) it alone. */
    commands: { text: string; origin: string; known: boolean; readOnly: boolean; reads: string[]; writes: string[]; opaque?: string; allowedBy?: { rule: string; source: string }; deniedBy?: { rule: string; source: string; behavior: 'deny' | 'ask' } }[];
  }[];
  /** Each path the call touches: `lexical` as written under the cwd, `real` with links resolved. */
  paths: { path: string; access: 'read' | 'write'; origin: string; lexical: string; real: string; recursive?: boolean; protected?: string; allowedBy?: { rule: string; source: string } }[];
  urls: string[];
  names: string[];
  unresolvedReads: string[];
  unresolvedWrites: string[];
  verdict: { behavior: 'allow' | 'deny' | 'ask'; immune?: boolean; message?: string; reason: string; rule?: { rule: string; source: string } };
  decision: 'allow' | 'deny' | 'ask';
}
