import { forkByCopy } from './fork-by-copy.ts';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { lstat, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../session/private-modes.ts';
import { createAppendQueue } from './create-append-queue.ts';
import { folderBytes } from './folder-bytes.ts';
import { holdSessionLock } from './hold-session-lock.ts';
import { listFileSessions } from './list-file-sessions.ts';
import { resolveSessionLockTiming, type SessionLockTiming } from './session-lock-timing.ts';
import { unlockSession } from './unlock-session.ts';
import { pathExists } from '../files/path-exists.ts';
import { parseTranscript } from './parse-transcript.ts';
import { APPEND_FLAGS, notTranscriptError, notTranscriptReason, openFailure, readTranscriptFile, readTranscriptFirstLine } from './read-transcript-file.ts';
import { readTranscriptEntries } from './read-transcript-entries.ts';
import { scanTranscripts } from './scan-transcripts.ts';
import { TRANSCRIPT_FORMAT, type LoadedTranscript, type SessionMetadata, type SessionRef, type SessionStore, type SessionWriter, type TranscriptEntries, type TranscriptEntry } from './types.ts';

/** Ids codev makes are UUIDs; any id must be a plain file name, so it cannot point outside the folder. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const RECENT = 5;

/**
 * The default session store: one JSON Lines file per session in `directory` (a project's
 * `.codev/sessions/`), `<id>.jsonl`, private (files 0600, the folder 0700, ignored by git). A session's
 * large tool results live in `<id>/tool-results/` beside it, removed with it. Entries are written as
 * whole lines, in order, by `write`s on a file opened for appending, in the background (`createAppendQueue`:
 * the agent loop does not wait for the disk; `close()` does). A `kill -9` at any moment leaves every line
 * written before it complete (it may lose the last lines still queued); a torn last line is skipped (and
 * reported) when the transcript loads, and the next writer starts on a fresh line. One writer per session
 * (`<id>.lock/`, see `holdSessionLock`): a holder renews its lock every `lock.heartbeatMs`, and a lock whose
 * holder cannot be checked (another host's) expires `lock.expiryMs` after its last renewal; `unlock` takes
 * one over at once. `INPUT_INVALID` for lock timings that are not positive or whose heartbeat is more than
 * half the expiry.
 *
 * Whatever else is in the folder is never trusted: a transcript is opened only as a regular file of the
 * folder (never a link, FIFO, device or directory, never waiting) and read only up to the size fstat gave,
 * at most `MAX_TRANSCRIPT_BYTES`; anything else is `SESSION_UNSUPPORTED` to `read` and left out of `list`.
 * `list` reads only the transcripts changed since the last listing (`listFileSessions`, its summary cache);
 * `listIds` and `readMetadata` read no transcript, or its first line only; `readEntries` reads from a byte
 * offset on (`readTranscriptEntries`), for a reader that follows a session as it is written.
 */
export function createFileSessionStore(options: { directory: string; lock?: Partial<SessionLockTiming> }): SessionStore {
  const { directory } = options;
  const timing = resolveSessionLockTiming(options.lock);
  const fileOf = (id: string) => path.join(directory, `${checkedId(id)}.jsonl`);

  async function readTranscript(id: string): Promise<LoadedTranscript> {
    const file = fileOf(id);
    try {
      return parseTranscript((await readTranscriptFile(file)).text, { file });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw await notFound(id);
      throw error;
    }
  }

  async function readEntries(id: string, readOptions: { from?: number } = {}): Promise<TranscriptEntries> {
    const file = fileOf(id);
    try {
      return await readTranscriptEntries({ file, from: readOptions.from });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw await notFound(id);
      throw error;
    }
  }

  async function readMetadata(id: string): Promise<SessionMetadata> {
    const file = fileOf(id);
    try {
      return parseTranscript(await readTranscriptFirstLine(file), { file }).metadata;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw await notFound(id);
      throw error;
    }
  }

  async function notFound(id: string): Promise<CodevError> {
    const recent = (await listIds()).slice(0, RECENT).map((entry) => entry.id);
    const hint = recent.length > 0 ? `recent sessions here: ${recent.join(', ')} (\`codev sessions\` lists them all)` : `there are no sessions in ${directory} yet`;
    return new CodevError('SESSION_NOT_FOUND', `No session ${id} in ${directory}`, { hint });
  }

  /** The transcripts in the folder (regular files only), the most recently written first. */
  async function listIds(options: { prefix?: string } = {}): Promise<SessionRef[]> {
    const { transcripts } = await scanTranscripts(directory, options.prefix);
    return transcripts.map(({ id, stats }) => ({ id, writtenAt: stats.mtime.toISOString(), bytes: stats.size }));
  }

  async function open(openOptions: { id: string; metadata?: SessionMetadata }): Promise<SessionWriter> {
    const { id, metadata } = openOptions;
    const file = fileOf(id);
    await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // Transcripts hold what tools printed (tokens, file contents): never in `git status`, never committed.
    await writeFile(path.join(directory, '.gitignore'), '*\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(() => {});
    // An existing session only: a caller opening a missing id (a dry run polling for a session an agent is about to
    // create) must never hold its lock, even for an instant, or the agent creating it would be refused. Its creator
    // takes the lock before it writes the file, so a transcript that exists has had its creator's lock first.
    if (!metadata && !(await pathExists(file))) throw await notFound(id);
    const lock = await holdSessionLock({ directory, sessionId: checkedId(id), timing });
    let descriptor: number;
    try {
      descriptor = openForAppend({ file, create: metadata !== undefined });
      if (metadata) writeSync(descriptor, line({ type: 'session', format: TRANSCRIPT_FORMAT, metadata }));
    } catch (error) {
      await lock.release();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw await notFound(id);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CodevError('SESSION_BUSY', `Session ${id} exists already`, { file, hint: 'resume it instead, or start a session with a new id' });
      throw error;
    }
    let closed = false;
    const queue = createAppendQueue(descriptor);
    return {
      id,
      async append(entries: readonly TranscriptEntry[]) {
        if (closed) throw new CodevError('SESSION_BUSY', `Session ${id} was closed; it takes no more messages`, { file });
        const lost = lock.lost();
        if (lost) throw lost;
        if (entries.length > 0) await queue.append([entries.map(line).join('')]);
      },
      flush: () => queue.drain(),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await queue.drain();
        } finally {
          closeSync(descriptor);
          await lock.release();
        }
      },
    };
  }

  return {
    open,
    read: readTranscript,
    list: (listOptions) => listFileSessions({ directory, ...listOptions }),
    listIds,
    readMetadata,
    readEntries,
    fork: ({ from, to, at }) => forkByCopy({ store: { read: readTranscript, open }, from, to, at }),
    async delete(id) {
      const file = fileOf(id);
      // Before the lock too: a store whose folder does not exist yet gets nothing made in it.
      if (!(await lstat(file).catch(() => undefined))) throw await notFound(id);
      const lock = await holdSessionLock({ directory, sessionId: id, timing });
      try {
        const stats = await lstat(file).catch(() => undefined);
        if (!stats) throw await notFound(id);
        // A directory under a transcript's name is not a session's: it is not removed (a FIFO or a link is, itself).
        if (stats.isDirectory()) throw notTranscriptError(file, notTranscriptReason(stats)!);
        const folder = path.join(directory, id);
        const bytes = (stats.isFile() ? stats.size : 0) + (await folderBytes(folder));
        // The folder first: a kill in between leaves a transcript (listed, removable), never a folder no listing shows.
        await rm(folder, { recursive: true, force: true });
        await rm(file, { force: true });
        return { bytes };
      } finally {
        await lock.release();
      }
    },
    async unlock(id, unlockOptions = {}) {
      const holder = await unlockSession({ directory, sessionId: checkedId(id), expiryMs: timing.expiryMs, force: unlockOptions.force });
      if (!holder && !(await pathExists(fileOf(id)))) throw await notFound(id);
      return holder;
    },
  };
}

function checkedId(id: string): string {
  if (!SESSION_ID.test(id)) throw new CodevError('SESSION_NOT_FOUND', `"${id}" is not a session id`, { hint: 'a session id is a file name: letters, digits, ".", "_" and "-" (codev makes UUIDs)' });
  return id;
}

function line(entry: TranscriptEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

/**
 * Opens the transcript for appending, as a regular file only (no link, FIFO or directory: see
 * `openTranscriptFile`), read-write so its last byte is read from the same file. An existing one whose last
 * line was torn by a crash gets a newline first, so the torn fragment stays a line of its own (skipped when
 * read) and never merges with the next.
 */
function openForAppend(options: { file: string; create: boolean }): number {
  if (options.create) return openSync(options.file, 'wx', PRIVATE_FILE_MODE);
  // Append without create: a session that is not there is not made here.
  let descriptor: number;
  try {
    descriptor = openSync(options.file, APPEND_FLAGS);
  } catch (error) {
    throw openFailure(options.file, error);
  }
  try {
    const stats = fstatSync(descriptor);
    const reason = notTranscriptReason(stats);
    if (reason) throw notTranscriptError(options.file, reason);
    if (stats.size > 0 && lastByte(descriptor, stats.size) !== 0x0a) writeSync(descriptor, '\n');
    return descriptor;
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

function lastByte(descriptor: number, size: number): number | undefined {
  const byte = Buffer.alloc(1);
  return readSync(descriptor, byte, 0, 1, size - 1) === 1 ? byte[0] : undefined;
}
