/** Persisted sessions: what a transcript holds, line by line, and the store that keeps them. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { DecisionSource, PermissionDecisionReason, PermissionMode } from '../permissions/types.ts';
import type { TodoItem } from '../tool/todo-item.ts';
import type { ToolResultBlockParam } from '../tool/types.ts';
import type { RootSnapshot } from '../checkpoints/types.ts';

/** The transcript format this codev writes and reads; a transcript of a higher format is refused, never misread. */
export const TRANSCRIPT_FORMAT = 1;

/** Who a session is and where it came from: the first line of its transcript. */
export interface SessionMetadata {
  /** The session id (a UUID for sessions codev starts). */
  id: string;
  /** The working directory of the agent, absolute. */
  cwd: string;
  /** The project root (where `.codev/` is), absolute, when the agent had a project. */
  projectRoot?: string;
  model: string;
  permissionMode?: PermissionMode;
  /** The session this one was forked from, and the last message it kept (its uuid). */
  forkedFrom?: { sessionId: string; messageUuid?: string };
  /** The session of the agent that started this one, for a subagent's transcript. */
  parentSessionId?: string;
  /** The subagent's id, for a subagent's transcript. */
  agentId?: string;
  /** The codev version that started the session. */
  codevVersion: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The first line: the format and the metadata. */
export interface SessionEntry {
  type: 'session';
  format: number;
  metadata: SessionMetadata;
}

/** Token counts of one model reply, kept with the assistant message that carried them. */
export interface EntryUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

/** One message of the conversation, in Messages API shape, as it was sent. */
export interface MessageEntry {
  type: 'message';
  /** Stable id of the message: `resume` at a message, `fork` at a message name it. */
  uuid: string;
  /** The message before it, undefined for the first. */
  parentUuid?: string;
  /** ISO 8601, when it was made. */
  timestamp: string;
  message: Anthropic.MessageParam;
  /** The reply's usage, on assistant messages. */
  usage?: EntryUsage;
}

/**
 * The conversation was compacted: from here on it is `messages` (a summary and the latest messages), and
 * what came before stays in the file only as history. Loading a transcript starts from its last one.
 */
export interface CompactEntry {
  type: 'compact';
  uuid: string;
  parentUuid?: string;
  timestamp: string;
  trigger: 'auto' | 'overflow' | 'manual';
  tokensBefore: number;
  tokensAfter: number;
  messages: Anthropic.MessageParam[];
}

/** A tool call that waits for a person's answer (its permission ask was deferred). */
export interface PendingToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** Why it asks, for whoever answers. */
  message: string;
}

/**
 * The query ended with calls waiting for approval: the last assistant message's deferred calls, and the
 * results of its other calls, which already ran (they are not run again). A later message entry settles it.
 */
export interface PendingEntry {
  type: 'pending';
  uuid: string;
  timestamp: string;
  toolUses: PendingToolUse[];
  results: ToolResultBlockParam[];
}

/** What a session holds besides its messages, as it stood when a query ended; the last one is restored on resume. */
export interface SessionStateSnapshot {
  /** The permission mode at the end of the query. */
  mode?: PermissionMode;
  /** Rules the user allowed, denied or made ask "for this session" (rule strings). */
  sessionRules: { allow: string[]; deny: string[]; ask: string[] };
  /** Deferred tools ToolSearch had loaded: their schemas are sent again from the first request on. */
  loadedDeferredTools: string[];
  /** The top-level agent's task list (TodoWrite), when it has one: the model finds it again on resume. */
  todos?: TodoItem[];
}

/** The session's state at the end of a query (written when it changed). */
export interface StateEntry extends SessionStateSnapshot {
  type: 'state';
  timestamp: string;
}

/**
 * The files of the agent's working directories before a turn's tool calls ran (see `CheckpointStore`): what
 * `agent.rewind` puts back.
 */
export interface CheckpointEntry {
  type: 'checkpoint';
  /** The turn, counted from 1 across the session; a fork keeps the numbers of the turns it copied. */
  turn: number;
  /** The message the turn answered (the last one before its reply). */
  messageUuid?: string;
  /** The turn's reply. */
  replyUuid?: string;
  timestamp: string;
  roots: RootSnapshot[];
}

/** The files were put back as checkpoint `turn` had them; `before` is how they were, so the rewind can be undone. */
export interface RewindEntry {
  type: 'rewind';
  timestamp: string;
  turn: number;
  before: RootSnapshot[];
  /**
   * The files as the rewind left them (checkpoint `turn`'s, but for `kept`): what a later rewind judges
   * conflicts against. Also written into the session a rewind of the conversation forks, which has no
   * checkpoint `turn`. Absent in lines written before codev had it.
   */
  after?: RootSnapshot[];
  /** Paths (relative to their root, or absolute with several roots) left as they were: conflicts kept. */
  kept: string[];
}

/**
 * What a session did besides its messages, kept for the people who read it (`codev ui`, exports), never sent
 * to the model and never needed to resume: how each tool call was decided and how long it took, what each model
 * request cost, its retries and fallbacks. A reader skips a `kind` it does not know.
 */
export type SessionRecord =
  /** A tool call ended (its result is in the next user message, by `toolUseId`). */
  | {
      kind: 'tool-call';
      toolUseId: string;
      toolName: string;
      /** The permission decision: allow or deny, who decided (`source`), the rule, and the reason's type and name. */
      decision?: { behavior: 'allow' | 'deny'; source: DecisionSource; rule?: string; reason?: PermissionDecisionReason['type']; hookName?: string };
      /** The stable code of a failed call. */
      errorCode?: string;
      isError: boolean;
      durationMs: number;
      /** Where a large result was saved (the result block holds its preview). */
      persistedPath?: string;
      /** The session of the subagent this call ran (Agent), when its transcript is kept. */
      subagentSessionId?: string;
    }
  /** One model request of turn `turn` ended: its reply (by uuid), tokens and cost. */
  | { kind: 'request'; turn: number; model: string; replyUuid?: string; usage: EntryUsage; /** USD; null when the model has no price. */ costUsd: number | null; durationMs: number }
  /** A request failed with a retryable error and is tried again after `waitMs`. */
  | { kind: 'retry'; turn: number; attempt: number; maxRetries: number; waitMs: number; error: { code?: string; status?: number; message: string } }
  /** The model failed and the next fallback model took over. */
  | { kind: 'model-fallback'; turn: number; from: string; to: string; error: { code?: string; status?: number; message: string } };

/** One `SessionRecord`, when it happened. */
export interface RecordEntry {
  type: 'record';
  timestamp: string;
  record: SessionRecord;
}

/** A line of a transcript (JSON Lines, one entry per line). */
export type TranscriptEntry = SessionEntry | MessageEntry | CompactEntry | PendingEntry | StateEntry | CheckpointEntry | RewindEntry | RecordEntry;

/**
 * Every entry of a transcript as it was written (history before compactions included), from position `from`
 * (0, or a `next` an earlier read returned): what `SessionStore.readEntries` returns, for readers that show a
 * session whole and follow it as it grows.
 */
export interface TranscriptEntries {
  /** The first line's metadata (also when reading from a later position). */
  metadata: SessionMetadata;
  /** The entries after the first line, from `from`; a line not yet whole (being written) is left for the next read. */
  entries: TranscriptEntry[];
  /** Where the next read goes on (a byte offset in the file store, a line index in Redis): opaque. */
  next: number;
  /** Lines that could not be read (skipped), with their line numbers where the store knows them. */
  problems: TranscriptProblem[];
  /**
   * True when `from` was not a position of this transcript (past its end, or inside a line: the file was
   * replaced or cut): the read started again from the first entry, so a follower drops what it had.
   */
  reset?: true;
}

/** A line that could not be read, skipped when the transcript loads (or, for a `gap`, a line that follows lost ones). */
export interface TranscriptProblem {
  /** 1-based line number. */
  line: number;
  /**
   * `torn`: the last line was cut short (a crash while writing); `invalid`: not an entry of this format;
   * `duplicate`: the same entry as an earlier line, written twice (skipped); `gap`: a message whose parent is
   * not the message before it, because lines before it were lost (kept). The Redis store reports the last two.
   */
  kind: 'torn' | 'invalid' | 'duplicate' | 'gap';
  message: string;
}

/**
 * What was done to a resumed conversation so that the Messages API takes it (`repairConversation`): a crash
 * during tool calls, or a line of the transcript that was damaged and skipped, leaves calls without results,
 * results without calls, or two messages of one role in a row. (User messages in a row are also joined,
 * silently: a prompt after a crash's answered calls makes them too, and the API joins them the same way.)
 */
export type ConversationRepair =
  /** A call of the last message, cut short when codev stopped: answered as interrupted (it may have run in part). */
  | { kind: 'interrupted-call'; toolUseId: string; toolName: string; input: unknown }
  /** A call whose result was lost with a damaged line: answered as lost (it may have run). */
  | { kind: 'lost-result'; toolUseId: string; toolName: string; input: unknown }
  /** A result whose call was lost with a damaged line (or a second result for one call): dropped. */
  | { kind: 'orphan-result'; toolUseId: string }
  /** A message was lost where the conversation needs a user message: a placeholder stands in for it. */
  | { kind: 'lost-message' };

/**
 * What compactions took out of a loaded transcript's `messages`, counted over the whole file, for the summary of a
 * session (`codev sessions`, `codev ui`): its first prompt and its size are those of everything it did, not of the
 * summary it goes on from. The messages a compaction wrote (its summary, the latest messages it kept) are not
 * counted again: they were counted when they were first written.
 */
export interface CompactedHistory {
  /** Messages written before the last compaction (its own summary and kept messages not counted). */
  messages: number;
  /** Replies among them, and their tokens (input counts the cache's, as the summary does). */
  turns: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  /** The first and the last message that was a person's (or script's) prompt among them. */
  firstPrompt?: MessageEntry;
  lastPrompt?: MessageEntry;
}

/** A transcript as loaded: the metadata, its messages in order (since its last compaction), and the lines that were skipped. */
export interface LoadedTranscript {
  metadata: SessionMetadata;
  messages: MessageEntry[];
  problems: TranscriptProblem[];
  /** How many times the conversation was compacted. */
  compactions?: number;
  /** Calls that wait for approval, when the session ended deferred. */
  pending?: Pick<PendingEntry, 'toolUses' | 'results'>;
  /** The session's state as it was last written. */
  state?: SessionStateSnapshot;
  /** The file checkpoints of its turns, in order (a compaction keeps them); none when it has none. */
  checkpoints?: CheckpointEntry[];
  /** The rewinds of its files, in order; none when it has none. */
  rewinds?: RewindEntry[];
  /**
   * What its `request` records cost, over the whole file (history before compactions included), in USD; null
   * when one had no price; absent when it has none (written before codev recorded requests).
   */
  costUsd?: number | null;
  /**
   * After a compaction: how many of `messages`, at their start, the last compaction wrote (its summary, the
   * messages it kept), and what the compactions took out of `messages` (counts over the whole file), for summaries.
   */
  compacted?: { leading: number; history: CompactedHistory; entry: Omit<CompactEntry, 'messages'> };
}

/** One line of `codev sessions`. */
export interface SessionSummary {
  id: string;
  cwd: string;
  model: string;
  createdAt: string;
  /** When the last message was written (ISO 8601). */
  updatedAt: string;
  /** The text of the first and the last prompt a person (or script) sent, trimmed to one line. */
  firstPrompt?: string;
  lastPrompt?: string;
  messages: number;
  /** Model replies (one per turn). */
  turns: number;
  inputTokens: number;
  outputTokens: number;
  /** Cache tokens over every reply, when the summary was made by a codev that counts them. */
  cacheReadInputTokens?: number;
  cacheCreationInputTokens?: number;
  /**
   * USD over the session's recorded requests (its `request` records); null when a model had no price;
   * absent for a session written before codev recorded requests.
   */
  costUsd?: number | null;
  /** True when the session ended with calls waiting for approval (its last query deferred). */
  pending?: boolean;
  forkedFrom?: SessionMetadata['forkedFrom'];
  parentSessionId?: string;
}

/** A session as a store finds it without reading its transcript. */
export interface SessionRef {
  id: string;
  /** When it was last written (ISO 8601): its file's mtime, or its last append. */
  writtenAt: string;
  /** The transcript's size in bytes, when the store knows it. */
  bytes?: number;
}

/** Something where a session would be that a listing left out, and why (a FIFO, a damaged file...). */
export interface SkippedSession {
  id: string;
  reason: string;
}

/** Options of `SessionStore.list`. */
export interface ListSessionsOptions {
  /** Called for each entry that is not a readable session (it is left out of the list). */
  onSkip?(skipped: SkippedSession): void;
}

/** What `SessionStore.delete` freed, when the store can tell. */
export interface DeletedSession {
  /** Bytes freed: the transcript and its large tool results. */
  bytes: number;
}

/** Appends to one session; only one writer per session at a time, in any process. */
export interface SessionWriter {
  readonly id: string;
  /**
   * Appends entries, in order, each as a whole line. A store may write in the background (the file store
   * does): the promise then resolves once they are queued, and rejects with an earlier write's failure.
   */
  append(entries: readonly TranscriptEntry[]): Promise<void>;
  /**
   * Waits until every entry appended so far is written, keeping the session open: for a caller that must
   * not record "turn N is stored" before it is (a fleet checkpoint). A store that writes before `append`
   * resolves need not have it.
   */
  flush?(): Promise<void>;
  /** Waits for every append to be written (in the OS, not fsynced), then lets go of the session. */
  close(): Promise<void>;
}

/**
 * Where transcripts are kept. The file store (`createFileSessionStore`) is the default; another store (a
 * database, Redis) implements the same five operations (and, for id prefixes and a fast `continue`, the
 * optional `listIds` and `readMetadata`) and is passed as `sessionStore`.
 */
export interface SessionStore {
  /**
   * Opens a session for appending: a new one when `metadata` is given (its first line written), else an
   * existing one (`SESSION_NOT_FOUND` when there is none). `SESSION_BUSY` while another writer holds it.
   */
  open(options: { id: string; metadata?: SessionMetadata }): Promise<SessionWriter>;
  /** Loads a transcript (`SESSION_NOT_FOUND` naming the recent sessions, `SESSION_UNSUPPORTED` for a newer format). */
  read(id: string): Promise<LoadedTranscript>;
  /** Every session, the most recently updated first; what is not a readable session is left out (and passed to `onSkip`). */
  list(options?: ListSessionsOptions): Promise<SessionSummary[]>;
  /**
   * Optional (the file and Redis stores have it): the sessions whose id starts with `prefix` (all without
   * one), the most recently written first, without reading any transcript. With it, a session id is
   * accepted by a unique prefix, and `continue` and pruning need no full listing.
   */
  listIds?(options?: { prefix?: string }): Promise<SessionRef[]>;
  /** Optional: a session's metadata (its first line) alone, without reading the rest of its transcript. */
  readMetadata?(id: string): Promise<SessionMetadata>;
  /**
   * Optional (the file and Redis stores have it): every entry as written, history included, from `from` (a
   * `next` of an earlier read; default 0): for showing a session whole and following it as it grows.
   * `SESSION_NOT_FOUND` when there is no such session.
   */
  readEntries?(id: string, options?: { from?: number }): Promise<TranscriptEntries>;
  /** A new session `to` with the messages of `from` up to and including `at` (all when omitted). */
  fork(options: { from: string; to: SessionMetadata; at?: string }): Promise<LoadedTranscript>;
  /** Removes a session (`SESSION_BUSY` while a writer holds it); resolves with what it freed when the store can tell. */
  delete(id: string): Promise<void | DeletedSession>;
  /**
   * Takes a session's lock from its holder now, for a holder that is gone but cannot be checked (another
   * host's; a container restarted under a new hostname) before its lock expires by itself. Refuses
   * (`SESSION_BUSY`) the lock of a live process of this host unless `force`; a holder it is taken from
   * fails its next append with `SESSION_BUSY`. Resolves with whom the lock named, undefined when the
   * session was not locked. Optional: a store without locks of its own need not have it.
   */
  unlock?(id: string, options?: { force?: boolean }): Promise<SessionLockHolder | undefined>;
}

/** Whom a session's lock named, as `unlock` found it. */
export interface SessionLockHolder {
  /** Its process and host, when the lock could be read as codev's. */
  pid?: number;
  hostname?: string;
  /** When the holder last renewed the lock (ISO 8601). */
  heartbeatAt: string;
}

/** Which sessions to prune: those older than `olderThan`, except the `keep` most recent. At least one is given. */
export interface SessionRetention {
  /** Remove sessions last written longer ago than this: `'30d'`, `'12h'`, `'8w'`, or milliseconds. */
  olderThan?: string | number;
  /** Keep the N most recently written sessions, whatever their age; alone, removes all the others. */
  keep?: number;
}

/** A session pruning removed (or would remove, in a dry run), with the subagent sessions removed with it. */
export interface PrunedSession {
  id: string;
  /** When the session (or one of its subagents) was last written, ISO 8601. */
  writtenAt: string;
  subagents: string[];
  /** What it freed (in a dry run: its transcripts' size), when the store can tell. */
  bytes?: number;
}

/** What `pruneSessions` did. */
export interface PruneSessionsResult {
  dryRun: boolean;
  /** Oldest first. */
  removed: PrunedSession[];
  /** Sessions to remove that an agent has open (their lock is held): kept. Not checked in a dry run. */
  busy: string[];
  /** Sessions to remove that could not be (permissions, a folder in the way), with why. */
  failed: { id: string; message: string }[];
  /** The bytes freed (in a dry run: the transcripts' size), as far as the store can tell. */
  bytes: number;
}
