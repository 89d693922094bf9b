import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { projectSessionStore } from '../../../agent/project-session-store.ts';
import { findProjectRoot } from '../../../config/find-project-root.ts';
import { CodevError, errorMessage } from '../../../errors/codev-error.ts';
import { errorReply, type FakeContentBlock, type FakeMessageReply, type FakeReply } from '../../../testing/fake-messages-server/fake-reply.ts';
import { resolveSessionId } from '../../../transcripts/resolve-session-id.ts';
import { sessionsDirectory } from '../../../transcripts/sessions-directory.ts';

/** The assistant turns of a saved session, and a script that plays them back. */
export interface Replay {
  /** The transcript file read. */
  file: string;
  /** The session's assistant messages as replies, in the order they were written. */
  replies: FakeMessageReply[];
  /** Reply #index+1; past the last, a 500 `api_error` (not retryable) saying the run asked for more than was recorded. */
  script(request: unknown, index: number): FakeReply;
}

type Block = { type?: string; text?: string; id?: string; name?: string; input?: Record<string, unknown>; thinking?: string; data?: string };
type Entry = { type?: string; message?: { role?: string; content?: string | Block[] }; usage?: FakeMessageReply['usage'] };

/**
 * Reads a session for `codev fake-model --replay`: `given` is a transcript file (a path that exists), else a
 * session id or a unique prefix of one, looked up in the project's `.codev/sessions/` as `codev sessions`
 * does. Every assistant message of the file is one reply, in order (messages compaction replaced included;
 * subagents' sessions are files of their own and are not played). Text, tool_use (with its recorded id) and
 * thinking blocks are played back; server tool blocks are left out. A session that cannot be found or holds
 * no assistant message is `SESSION_NOT_FOUND` or `FAKE_SCRIPT_INVALID`.
 */
export async function readReplay(options: { given: string; cwd: string }): Promise<Replay> {
  const file = await transcriptFile(options);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CodevError('SESSION_NOT_FOUND', `Cannot read the session to replay: ${errorMessage(error)}`, { file });
  }
  const replies = text.split('\n').flatMap((line) => {
    const entry = parsed(line);
    if (entry?.type !== 'message' || entry.message?.role !== 'assistant') return [];
    return [toReply(entry)];
  });
  if (replies.length === 0) throw new CodevError('FAKE_SCRIPT_INVALID', 'The session to replay holds no assistant message', { file, hint: 'give --replay a session a run saved (`codev sessions` lists them)' });
  return {
    file,
    replies,
    script: (_request, index) =>
      replies[index] ??
      errorReply(500, {
        type: 'api_error',
        message: `The replayed session ${path.basename(file)} recorded ${replies.length} model replies, and this is request #${index + 1}: the run asked for more than was recorded (its prompt, tools or results differ from the recorded run's).`,
        shouldRetry: false,
      }),
  };
}

async function transcriptFile(options: { given: string; cwd: string }): Promise<string> {
  const candidate = path.resolve(options.cwd, options.given);
  if (await isFile(candidate)) return candidate;
  if (options.given.includes('/') || options.given.endsWith('.jsonl')) throw new CodevError('SESSION_NOT_FOUND', `No session file ${candidate}`, { hint: 'give --replay a session id (`codev sessions` lists them) or a transcript file' });
  const store = await projectSessionStore({ cwd: options.cwd });
  const id = await resolveSessionId({ store, id: options.given });
  // Throws SESSION_NOT_FOUND naming the recent sessions when there is none.
  if (store.readMetadata) await store.readMetadata(id);
  else await store.read(id);
  return path.join(sessionsDirectory((await findProjectRoot(options.cwd)) ?? options.cwd), `${id}.jsonl`);
}

function toReply(entry: Entry): FakeMessageReply {
  const content = entry.message?.content ?? [];
  const blocks: Block[] = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  return {
    content: blocks.flatMap((block): FakeContentBlock[] => {
      if (block.type === 'text') return [{ type: 'text', text: block.text ?? '' }];
      if (block.type === 'tool_use') return [{ type: 'tool_use', id: block.id, name: block.name ?? '', input: block.input ?? {} }];
      // The server signs thinking itself: the recorded signature is the real API's (or another server's).
      if (block.type === 'thinking') return [{ type: 'thinking', thinking: block.thinking ?? '' }];
      if (block.type === 'redacted_thinking') return [{ type: 'redacted_thinking', data: block.data ?? '' }];
      return [];
    }),
    ...(entry.usage && { usage: entry.usage }),
  };
}

function parsed(line: string): Entry | undefined {
  try {
    return JSON.parse(line) as Entry;
  } catch {
    return undefined;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
