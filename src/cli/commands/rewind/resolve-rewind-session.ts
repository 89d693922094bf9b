import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findProjectRoot } from '../../../config/find-project-root.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import { findLatestSession } from '../../../transcripts/find-latest-session.ts';
import { resolveSessionId } from '../../../transcripts/resolve-session-id.ts';
import { sessionsDirectory } from '../../../transcripts/sessions-directory.ts';
import type { SessionPlace } from './rewind-session-call.ts';

/**
 * The session `codev rewind [SESSION]` names, as `codev sessions` and `codev fake-model --replay` take one: a
 * transcript file (`.codev/sessions/<id>.jsonl`, its project the one around it), an id or a unique prefix of
 * one in the project around `cwd`, or without SESSION the project's latest top-level session.
 * `SESSION_NOT_FOUND` names the recent sessions; `SESSION_AMBIGUOUS` the candidates of a prefix.
 */
export async function resolveRewindSession(options: { given: string | undefined; cwd: string }): Promise<SessionPlace> {
  const { given, cwd } = options;
  if (given !== undefined && (given.includes('/') || given.endsWith('.jsonl'))) return sessionFile(path.resolve(cwd, given));
  const projectRoot = (await findProjectRoot(cwd)) ?? cwd;
  const store = createFileSessionStore({ directory: sessionsDirectory(projectRoot) });
  if (given === undefined) {
    const latest = await findLatestSession(store);
    if (latest === undefined) throw new CodevError('SESSION_NOT_FOUND', 'No session in this project yet', { hint: 'codev run agent.ts saves one per run; codev sessions lists them' });
    return { sessionId: latest, projectRoot };
  }
  const sessionId = await resolveSessionId({ store, id: given });
  // SESSION_NOT_FOUND naming the recent sessions when there is none.
  if (store.readMetadata) await store.readMetadata(sessionId);
  else await store.read(sessionId);
  return { sessionId, projectRoot };
}

async function sessionFile(file: string): Promise<SessionPlace> {
  const isFile = await stat(file).then((stats) => stats.isFile(), () => false);
  const sessions = path.dirname(file);
  if (!isFile || path.basename(sessions) !== 'sessions' || path.basename(path.dirname(sessions)) !== '.codev') {
    throw new CodevError('SESSION_NOT_FOUND', `No session file ${file}`, { hint: 'give a session id (codev sessions lists them) or a file of a project\'s .codev/sessions/' });
  }
  return { sessionId: path.basename(file, '.jsonl'), projectRoot: path.dirname(path.dirname(sessions)) };
}
