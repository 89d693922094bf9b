import type { SessionStore } from '../../transcripts/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import type { CommandIo } from './types.ts';

/**
 * `codev sessions unlock ID [--force]`: takes a session's lock from its holder now (`SessionStore.unlock`),
 * for a holder that is gone but cannot be checked (a container restarted under a new hostname, another
 * host). The lock of a live process of this host is refused (SESSION_BUSY, exit 1) unless `--force`.
 */
export async function sessionsUnlockCommand(options: { store: SessionStore; id: string; force?: boolean; json?: boolean; io: CommandIo }): Promise<number> {
  const { store, id, io } = options;
  if (!store.unlock) throw new CodevError('CLI_USAGE', 'This session store has no locks to take over', { hint: 'only the file store (.codev/sessions) locks sessions this way' });
  const holder = await store.unlock(id, { force: options.force });
  if (options.json) io.stdout(`${JSON.stringify({ id, unlocked: holder !== undefined, ...(holder && { holder }) }, null, 2)}\n`);
  else if (!holder) io.stdout(`Session ${id} is not locked\n`);
  else {
    const who = holder.pid === undefined ? 'a holder codev could not read' : `process ${holder.pid} on ${holder.hostname}`;
    const ago = Math.max(0, Math.round((Date.now() - Date.parse(holder.heartbeatAt)) / 1000));
    io.stdout(`Unlocked session ${id}: its lock named ${who}, last heartbeat ${ago} s ago. The next run that resumes it takes it.\n`);
  }
  return 0;
}
