/**
 * The child process of the file-tools fault suite, run through jiti as codev itself is:
 *
 * - `edits <file> <name> <count> <go-file>`: once `<go-file>` exists, `count` times Read the file then Edit
 *   it, inserting the line `<name><i>` before the marker `<<name>>`. Prints the JSON
 *   `{ ok: number[], failed: { i, code }[] }`.
 * - `hold-write <file> <bytes>`: writes `<bytes>` bytes to `<file>` under its lock, prints `ready` right
 *   before the rename, then waits to be killed.
 * - `cleanup`: removeLeftoverTempFiles(), prints the JSON list of what it removed.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { removeLeftoverTempFiles } from '../../src/files/temp-file-journal.ts';
import { withFileLock } from '../../src/files/with-file-lock.ts';
import { writeFileAtomic } from '../../src/files/write-file-atomic.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';
import { editTool } from '../../src/tools/Edit/index.ts';
import { readTool } from '../../src/tools/Read/index.ts';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'edits') {
  const [file = '', name = '', count = '0', goFile = ''] = args;
  const context = createTestContext({ tools: [readTool, editTool], mode: 'acceptEdits', cwd: path.dirname(file) });
  while (!existsSync(goFile)) await sleep(2);
  const ok: number[] = [];
  const failed: { i: number; code?: string; message?: string }[] = [];
  for (let i = 1; i <= Number(count); i++) {
    // A Read that meets the other process's write mid-way fails (and records nothing): read again, as a model would.
    for (let attempt = 0; attempt < 50 && (await runTool({ name: 'Read', input: { file_path: file }, context })).result.status !== 'ok'; attempt++);
    const { result } = await runTool({ name: 'Edit', input: { file_path: file, old_string: `<<${name}>>`, new_string: `${name}${i}\n<<${name}>>` }, context });
    if (result.status === 'ok') ok.push(i);
    else failed.push({ i, code: result.errorCode, message: resultText(result) });
  }
  process.stdout.write(JSON.stringify({ ok, failed }));
} else if (mode === 'hold-write') {
  const [file = '', bytes = '0'] = args;
  await withFileLock(file, (target) =>
    writeFileAtomic(target, Buffer.alloc(Number(bytes), 'x'), {
      hooks: {
        beforeRename: async () => {
          process.stdout.write('ready\n');
          await new Promise(() => setInterval(() => {}, 1_000)); // until kill -9
        },
      },
    }),
  );
} else if (mode === 'cleanup') {
  process.stdout.write(JSON.stringify(await removeLeftoverTempFiles()));
} else {
  throw new Error(`unknown mode ${mode}`);
}
