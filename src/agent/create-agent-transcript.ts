import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { PersistedSession, ToolUseContext } from '../execution/types.ts';
import { findLatestSession } from '../transcripts/find-latest-session.ts';
import { resolveSessionId } from '../transcripts/resolve-session-id.ts';
import { messagesUpTo } from '../transcripts/messages-up-to.ts';
import { forkByCopy } from '../transcripts/fork-by-copy.ts';
import { rewriteMovedPaths, rewriteMovedTranscript } from '../transcripts/rewrite-moved-paths.ts';
import { repairConversation } from '../transcripts/repair-conversation.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../transcripts/sessions-directory.ts';
import type { PermissionMode } from '../permissions/types.ts';
import type { RootSnapshot } from '../checkpoints/types.ts';
import type { CheckpointEntry, CompactEntry, ConversationRepair, LoadedTranscript, MessageEntry, RecordEntry, SessionRecord, SessionRetention, SessionStateSnapshot, SessionMetadata, SessionStore, SessionWriter, TranscriptEntry } from '../transcripts/types.ts';
import { codevVersion } from '../version/codev-version.ts';
import { fromApiUsage } from '../model/from-api-usage.ts';
import { applySessionRetention } from './apply-session-retention.ts';
import type { AgentOptions } from './types.ts';

/** Where an agent's conversation is kept between processes (see `AgentOptions.persistSession`). */
export interface AgentTranscript {
  /**
   * The persisted session's id: known from the start, except with `continue`, where the first query finds it
   * (and with `resume` given a prefix of the id, replaced by the whole id then); undefined when nothing is persisted.
   */
  readonly sessionId: string | undefined;
  /**
   * Once, as the first query starts: loads the session to resume (`resume`, `continue`, `fork`, `at`) into
   * `messages`, answering the tool calls a crash left open, and opens the session for appending (a new one
   * otherwise). Says whether the conversation was resumed, for the SessionStart hooks' `source`.
   */
  begin(options: { messages: Anthropic.MessageParam[]; context: ToolUseContext; model: string }): Promise<'startup' | 'resume'>;
  /** Calls that wait for approval: the session ended deferred (loaded, or deferred by this agent); undefined once settled. */
  readonly pending: LoadedTranscript['pending'];
  /** Records calls that wait for approval, with the results of the turn's other calls. */
  defer(pending: NonNullable<LoadedTranscript['pending']>): Promise<void>;
  /** The waiting calls are answered: their results are the next message (saved as usual). */
  settlePending(): void;
  /**
   * The state a resumed session ended its last query with, and the mode it started in, once (the agent puts
   * it back on its first context); undefined for a new session or after it was taken.
   */
  takeRestoredState(): { snapshot: SessionStateSnapshot; startingMode?: PermissionMode } | undefined;
  /**
   * What loading the resumed session found and did, once: the lines it skipped and the repairs that made its
   * conversation valid again (calls a crash interrupted, results lost with a damaged line); undefined when
   * there was nothing to say, or after it was taken.
   */
  takeRepairs(): ResumeRepairs | undefined;
  /** Writes the session's state as a query ended it, when it changed since the last time. */
  saveState(snapshot: SessionStateSnapshot): Promise<void>;
  /** Records that the conversation was compacted into `messages` (one `compact` entry); later saves go on from there. */
  compacted(messages: readonly Anthropic.MessageParam[], info: Pick<CompactEntry, 'trigger' | 'tokensBefore' | 'tokensAfter'>): Promise<void>;
  /**
   * Keeps a record of what the session did (a tool call's decision and duration, a request's cost, a retry,
   * a fallback) for the next append: the save after the stage that kept it (after the messages it saves), or
   * an entry written before that (pending, state, compact, checkpoint). Nothing is written or awaited here. A
   * `request` record without `replyUuid` gets the uuid of the reply that save writes. Nothing is kept when no
   * session is persisted.
   */
  record(record: SessionRecord): void;
  /** True while records are kept (a session is persisted and open): a caller builds none otherwise. */
  readonly keepsRecords: boolean;
  /**
   * Appends the messages added since the last save, then the records kept since; an assistant message that
   * is `reply`'s carries its usage. Returns nothing to await when nothing is written (no session persisted,
   * or nothing new).
   */
  save(messages: readonly Anthropic.MessageParam[], reply: Anthropic.Message | undefined): Promise<void> | undefined;
  /**
   * Where the session's large tool results go, so that its transcript's references outlive the process:
   * `.codev/sessions/<id>/tool-results` with the file store, known once `begin` ran; undefined when nothing
   * is persisted or another store keeps the session (the results then stay in the session folder).
   */
  readonly resultsDirectory: string | undefined;
  /** The persisted session (its id and store) once `begin` ran: a subagent keeps its transcript beside it. */
  readonly persistedSession: PersistedSession | undefined;
  /** The session's file checkpoints: those it was loaded with, then those recorded. */
  readonly checkpoints: readonly CheckpointEntry[];
  /** True when the session began as a copy of another (`fork`, `at`, a rewind): its loaded checkpoints are the other's. */
  readonly forked: boolean;
  /**
   * Appends a checkpoint of the turn whose reply was saved last: numbered after the session's last one,
   * naming the message the reply answered and the reply. Nothing is written without a persisted session.
   */
  appendCheckpoint(roots: RootSnapshot[]): Promise<CheckpointEntry | undefined>;
  /** Waits until every entry appended so far is written (a reader of the store then sees them). */
  flush(): Promise<void>;
  /**
   * Lets go of the session and goes on in session `id` (a rewind's fork): the next query loads it as a
   * resume does, into `messages` (which it replaces).
   */
  goOnIn(id: string): Promise<void>;
  /** Lets go of the session (another process may resume it). */
  close(): Promise<void>;
}

/** What `AgentTranscript.takeRepairs` tells: a resumed session's skipped lines and the repairs of its conversation. */
export interface ResumeRepairs {
  sessionId: string;
  problems: LoadedTranscript['problems'];
  repairs: ConversationRepair[];
}

/**
 * An agent's transcript. Persisted by default for an agent with a project (a kernel) that is not a
 * subagent; `persistSession: true` persists a standalone agent's too (in its cwd's `.codev/sessions/`), and
 * `false` turns it off (a resumed session is then read but not written). `resume` takes a unique prefix of
 * an id; `continue` reads the first lines of the newest transcripts only. `retention` (the config's) prunes
 * the project's old sessions when a new one is opened, in the background; `close()` waits for it.
 */
export function createAgentTranscript(options: AgentOptions & { hasProject: boolean; retention?: SessionRetention }): AgentTranscript {
  const persist = options.persistSession ?? (options.hasProject && options.subagent === undefined);
  const resumeId = options.resume;
  /** The session to go on in instead of `resume`'s (`goOnIn`): loaded as a resume, never forked again. */
  let goOnId: string | undefined;
  let checkpoints: CheckpointEntry[] = [];
  let forked = false;
  /** The uuids of the reply saved last and of the message before it. */
  let lastReply: { messageUuid?: string; replyUuid: string } | undefined;
  let sessionId: string | undefined = options.continue && !resumeId ? undefined : resumeId && !options.fork ? resumeId : randomUUID();
  let writer: SessionWriter | undefined;
  let resultsDirectory: string | undefined;
  let persistedSession: AgentTranscript['persistedSession'];
  const children: (() => Promise<void>)[] = [];
  let pending: LoadedTranscript['pending'];
  let restored: { snapshot: SessionStateSnapshot; startingMode?: PermissionMode } | undefined;
  let repaired: ResumeRepairs | undefined;
  let lastState: string | undefined;
  let began: Promise<'startup' | 'resume'> | undefined;
  /** The config's session retention, running in the background since the session was opened. */
  let retention: Promise<void> | undefined;
  /** How many of the agent's messages are in the transcript, and the uuid of the last one. */
  let saved = 0;
  let lastUuid: string | undefined;
  /** The records kept since the last append (see `record`). */
  let records: RecordEntry[] = [];

  /** The kept records, taken to be appended (before an entry written outside a save). */
  const takeRecords = (): RecordEntry[] => {
    const taken = records;
    if (taken.length > 0) records = [];
    return taken;
  };

  /** The next message's entry, chained to the one before it. Built field by field: spreads are a slow path on Node 20. */
  const entryOf = (message: Anthropic.MessageParam, timestamp: string, usage?: MessageEntry['usage']): MessageEntry => {
    const entry: MessageEntry = { type: 'message', uuid: randomUUID(), timestamp, message };
    if (lastUuid) entry.parentUuid = lastUuid;
    if (usage) entry.usage = usage;
    lastUuid = entry.uuid;
    return entry;
  };

  function save(messages: readonly Anthropic.MessageParam[], reply: Anthropic.Message | undefined): Promise<void> | undefined {
    if (saved >= messages.length && records.length === 0) return undefined;
    // Nothing is written without a writer (persistSession off): no entry is made either.
    if (!writer) {
      saved = messages.length;
      records = [];
      return undefined;
    }
    return append(writer, messages, reply);
  }

  async function append(sessionWriter: SessionWriter, messages: readonly Anthropic.MessageParam[], reply: Anthropic.Message | undefined): Promise<void> {
    const entries: TranscriptEntry[] = [];
    const timestamp = new Date().toISOString();
    for (let index = saved; index < messages.length; index++) {
      const message = messages[index]!;
      const isReply = reply !== undefined && message.role === 'assistant' && index === messages.length - 1;
      const before = lastUuid;
      entries.push(entryOf(message, timestamp, isReply ? fromApiUsage(reply.usage) : undefined));
      if (isReply) lastReply = { ...(before && { messageUuid: before }), replyUuid: lastUuid! };
    }
    saved = messages.length;
    for (const entry of takeRecords()) {
      if (entry.record.kind === 'request' && entry.record.replyUuid === undefined && lastReply) entry.record.replyUuid = lastReply.replyUuid;
      entries.push(entry);
    }
    await sessionWriter.append(entries);
  }

  async function load({ messages, context, model }: Parameters<AgentTranscript['begin']>[0]): Promise<'startup' | 'resume'> {
    const projectRoot = context.projectRoot ?? context.cwd;
    const store: SessionStore = options.sessionStore ?? createFileSessionStore({ directory: sessionsDirectory(projectRoot) });
    const fromId = goOnId ?? (resumeId !== undefined ? await resolveSessionId({ store, id: resumeId }) : options.continue ? await findLatestSession(store) : undefined);
    const forking = goOnId === undefined && Boolean(options.fork || options.at);
    const metadata = (id: string): SessionMetadata => ({
      id,
      cwd: context.cwd,
      ...(context.projectRoot && { projectRoot: context.projectRoot }),
      model,
      permissionMode: context.permissionContext.mode,
      ...(options.parentSession && { parentSessionId: options.parentSession.id }),
      ...(options.subagent && { agentId: options.subagent.agentId }),
      ...(fromId && forking && { forkedFrom: { sessionId: fromId, ...(options.at && { messageUuid: options.at }) } }),
      codevVersion: codevVersion(),
      createdAt: new Date().toISOString(),
    });
    let loaded: LoadedTranscript | undefined;
    if (fromId === undefined) {
      sessionId ??= randomUUID();
      if (persist) writer = await store.open({ id: sessionId, metadata: metadata(sessionId) });
      // A project's own sessions only: a store given by the caller (a shared Redis) is the caller's to prune.
      if (persist && !options.sessionStore && !options.parentSession && !options.subagent) {
        retention = applySessionRetention({ directory: sessionsDirectory(projectRoot), store, retention: options.retention, projectRoot, onWarning: context.onWarning });
      }
    } else if (forking) {
      // A fork (or a resume at an earlier message) goes on in a new session; the original stays as it was.
      sessionId = sessionId === resumeId || sessionId === undefined ? randomUUID() : sessionId;
      const moves = options.movedPaths;
      // Moved folders are rewritten in the copy a fork makes, never in the session it was forked from.
      if (moves && moves.length > 0) loaded = persist ? await forkByCopy({ store, from: fromId, to: metadata(sessionId), at: options.at, moves }) : await readUpTo(store, fromId, options.at).then((read) => ({ ...read, messages: rewriteMovedPaths(read.messages, moves) }));
      else loaded = persist ? await store.fork({ from: fromId, to: metadata(sessionId), at: options.at }) : await readUpTo(store, fromId, options.at);
      if (persist) writer = await store.open({ id: sessionId });
    } else {
      sessionId = fromId;
      if (persist) writer = await store.open({ id: fromId });
      try {
        loaded = await store.read(fromId);
      } catch (error) {
        await writer?.close();
        throw error;
      }
      if (options.movedPaths) loaded = rewriteMovedTranscript(loaded, options.movedPaths);
    }
    if (persist) persistedSession = { id: sessionId!, store, closeWith: (close) => void children.push(close) };
    // A subagent's transcript stays open for SendMessage's later runs, and closes with its parent's.
    options.parentSession?.closeWith(() => closeTranscript());
    if (persist && !options.sessionStore) resultsDirectory = path.join(sessionsDirectory(projectRoot), sessionId!, 'tool-results');
    if (!loaded) return 'startup';
    checkpoints = [...(loaded.checkpoints ?? [])];
    forked = forking || loaded.metadata.forkedFrom !== undefined;
    for (const problem of loaded.problems) context.onWarning?.(`Session ${fromId}, line ${problem.line}: ${problem.message}${problem.kind === 'gap' ? '' : '; the line was skipped'}`);
    pending = loaded.pending;
    // Calls that wait for approval are not interrupted ones: resume({ approvals }) answers them.
    const conversation = repairConversation(loaded.messages.map((entry) => entry.message), { pendingAtEnd: pending !== undefined });
    // Empty but after goOnIn, whose session's conversation replaces the one the agent had.
    messages.splice(0, messages.length, ...conversation.messages);
    // The repairs inside the conversation are made again at every load (the file is only appended to); the closing answer to a crash's calls is written.
    saved = messages.length - (conversation.closing ? 1 : 0);
    lastUuid = loaded.messages.at(-1)?.uuid;
    if (loaded.problems.length > 0 || conversation.repairs.length > 0) repaired = { sessionId: fromId!, problems: loaded.problems, repairs: conversation.repairs };
    if (loaded.state) {
      restored = { snapshot: loaded.state, startingMode: loaded.metadata.permissionMode };
      lastState = JSON.stringify(loaded.state);
    }
    await save(messages, undefined);
    return 'resume';
  }

  /** After `close()`: the conversation goes on in memory, so it goes on in its session too (`SESSION_BUSY` if another writer took it meanwhile). */
  async function reopen(session: PersistedSession): Promise<'resume'> {
    writer = await session.store.open({ id: session.id });
    options.parentSession?.closeWith(() => closeTranscript());
    return 'resume';
  }

  async function closeTranscript(): Promise<void> {
    const open = writer;
    writer = undefined;
    // The next query (an agent used after close()) opens the session again instead of running unsaved.
    if (open) began = undefined;
    // Records of a query that ended in a throw, before its stage's save.
    const left = takeRecords();
    if (open && left.length > 0) await open.append(left).catch(() => undefined);
    await Promise.all(children.splice(0).map((close) => close().catch(() => undefined)));
    await open?.close();
    // Bounded (see applySessionRetention) and never rejecting: the process does not end in the middle of it.
    await retention;
  }

  return {
    get sessionId() {
      return persist ? sessionId : undefined;
    },
    get resultsDirectory() {
      return resultsDirectory;
    },
    get persistedSession() {
      return persistedSession;
    },
    get pending() {
      return pending;
    },
    async defer(waiting) {
      pending = waiting;
      await writer?.append([...takeRecords(), { type: 'pending', uuid: randomUUID(), timestamp: new Date().toISOString(), ...waiting }]);
    },
    settlePending() {
      pending = undefined;
    },
    takeRestoredState() {
      const taken = restored;
      restored = undefined;
      return taken;
    },
    takeRepairs() {
      const taken = repaired;
      repaired = undefined;
      return taken;
    },
    async saveState(snapshot) {
      if (!writer) return;
      const text = JSON.stringify(snapshot);
      if (text === lastState) return;
      lastState = text;
      await writer?.append([...takeRecords(), { type: 'state', timestamp: new Date().toISOString(), ...snapshot }]);
    },
    begin(beginning) {
      // Once: a query and agent.compact() share the load; a failed one (a busy session) may be tried again.
      began ??= (persistedSession ? reopen(persistedSession) : load(beginning)).catch((error: unknown) => {
        began = undefined;
        throw error;
      });
      return began;
    },
    get keepsRecords() {
      return writer !== undefined;
    },
    record(record) {
      if (writer) records.push({ type: 'record', timestamp: new Date().toISOString(), record });
    },
    save,
    async compacted(messages, info) {
      const uuid = randomUUID();
      const entry: CompactEntry = { type: 'compact', uuid, ...(lastUuid && { parentUuid: lastUuid }), timestamp: new Date().toISOString(), ...info, messages: [...messages] };
      saved = messages.length;
      lastUuid = `${uuid}.${messages.length - 1}`;
      await writer?.append([...takeRecords(), entry]);
    },
    get checkpoints() {
      return checkpoints;
    },
    get forked() {
      return forked;
    },
    async appendCheckpoint(roots) {
      if (!writer) return undefined;
      const entry: CheckpointEntry = { type: 'checkpoint', turn: (checkpoints.at(-1)?.turn ?? 0) + 1, ...(lastReply?.messageUuid && { messageUuid: lastReply.messageUuid }), ...(lastReply && { replyUuid: lastReply.replyUuid }), timestamp: new Date().toISOString(), roots };
      checkpoints.push(entry);
      await writer.append([...takeRecords(), entry]);
      return entry;
    },
    async flush() {
      await writer?.flush?.();
    },
    async goOnIn(id) {
      await closeTranscript();
      goOnId = id;
      sessionId = id;
      began = undefined;
      persistedSession = undefined;
      resultsDirectory = undefined;
      pending = undefined;
      restored = undefined;
      lastState = undefined;
      saved = 0;
      lastUuid = undefined;
      lastReply = undefined;
      records = [];
      checkpoints = [];
    },
    close: closeTranscript,
  };
}

/** The messages of a session up to and including `at` (all when omitted), without writing anything. */
async function readUpTo(store: SessionStore, id: string, at: string | undefined): Promise<LoadedTranscript> {
  const loaded = await store.read(id);
  return { ...loaded, messages: messagesUpTo({ sessionId: id, messages: loaded.messages, at }) };
}
