/**
 * A process that appends to a new session of the file store, for the fault suite of `readEntries`: message
 * entries `u0`, `u1`... in batches of 1 to 5, some of them large (so a batch is written in more than one
 * `write`), each batch awaited. Run through jiti, as codev itself is:
 *
 *   append <directory> <id> <count>: prints `writing` after the first batch; after `count` entries (never,
 *   when `count` is 0) closes the session and prints `done`.
 */
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { MessageEntry } from '../../src/transcripts/types.ts';

const [directory = '', id = '', countText = '0'] = process.argv.slice(3);
const count = Number(countText);
const writer = await createFileSessionStore({ directory }).open({ id, metadata: { id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: new Date().toISOString() } });
const big = 'x'.repeat(200_000);
let next = 0;
for (let batch = 0; count === 0 || next < count; batch++) {
  const entries: MessageEntry[] = [];
  for (let size = 1 + (batch % 5); size > 0 && (count === 0 || next < count); size--, next++) {
    entries.push({ type: 'message', uuid: `u${next}`, timestamp: new Date().toISOString(), message: { role: next % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: next % 7 === 3 ? big : `entry ${next}` }] } });
  }
  await writer.append(entries);
  if (batch === 0) process.stdout.write('writing\n');
}
await writer.close();
process.stdout.write('done\n');
