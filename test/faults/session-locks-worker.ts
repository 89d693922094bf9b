/**
 * The child process of the session-lock fault suite, run through jiti as codev itself is:
 *
 * - `race <directory> <id> <name> <rounds> <go-prefix>`: prints `ready`, then for each round r, once `<go-prefix><r>` exists,
 *   opens session `<id>` of the file store in `<directory>`; when it gets it, appends 10 messages one at a
 *   time (uuids `r<r>-<name>-<i>`, letting other work run between them). Prints `{ round, won: true }` or
 *   `{ round, code }`, then once `<go-prefix><r>-end` exists closes what it got and prints `{ round, done: true }`.
 * - `hold <directory> <id> <heartbeat-ms> <expiry-ms>`: opens session `<id>` with those lock options, prints
 *   `held`, then waits to be killed.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { TranscriptEntry } from '../../src/transcripts/types.ts';

const [mode, ...args] = process.argv.slice(2);

const message = (uuid: string): TranscriptEntry => ({ type: 'message', uuid, timestamp: new Date().toISOString(), message: { role: 'user', content: uuid } });

if (mode === 'race') {
  const [directory = '', id = '', name = '', rounds = '0', goPrefix = ''] = args;
  const store = createFileSessionStore({ directory });
  process.stdout.write('ready\n');
  for (let round = 1; round <= Number(rounds); round++) {
    while (!existsSync(`${goPrefix}${round}`)) await sleep(1);
    let writer;
    try {
      writer = await store.open({ id });
      for (let index = 0; index < 10; index++) {
        await writer.append([message(`r${round}-${name}-${index}`)]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      process.stdout.write(`${JSON.stringify({ round, won: true })}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ round, code: (error as { code?: string }).code ?? String(error) })}\n`);
    }
    // A winner holds the session until every racer of the round has answered: a later open is a new round.
    while (!existsSync(`${goPrefix}${round}-end`)) await sleep(1);
    await writer?.close();
    process.stdout.write(`${JSON.stringify({ round, done: true })}\n`);
  }
} else if (mode === 'hold') {
  const [directory = '', id = '', heartbeatMs = '10000', expiryMs = '60000'] = args;
  const store = createFileSessionStore({ directory, lock: { heartbeatMs: Number(heartbeatMs), expiryMs: Number(expiryMs) } });
  await store.open({ id });
  process.stdout.write('held\n');
  setInterval(() => {}, 1_000); // until kill -9
} else {
  throw new Error(`unknown mode ${mode}`);
}
