/**
 * The child process of the checkpoint fault suite, run through jiti as codev itself is:
 *
 * - `record-loop <store> <session> <root> <files>`: forever, rewrites `files` files of `root` then records
 *   it (a recording is always in flight when it is killed).
 * - `record-rounds <store> <session> <root> <rounds>`: `rounds` times, changes a few files of `root` and records;
 *   prints the JSON list of the trees.
 * - `restore <store> <session> <target.json>`: plans a restore to the snapshot in `target.json`, prints
 *   `planned`, applies it (conflicts overwritten), prints `done`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import type { Snapshot } from '../../src/checkpoints/types.ts';

const [mode, directory = '', sessionId = '', ...args] = process.argv.slice(2);
const store = openCheckpointStore({ directory });

if (mode === 'record-loop') {
  const [root = '', files = '100'] = args;
  for (let round = 0; ; round++) {
    for (let index = 0; index < Number(files); index++) writeFileSync(path.join(root, `loop-${index}.txt`), `round ${round} file ${index}\n`);
    await store.record({ sessionId, roots: [root] });
    process.stdout.write(`recorded ${round}\n`);
  }
} else if (mode === 'record-rounds') {
  const [root = '', rounds = '20'] = args;
  const trees: string[] = [];
  for (let round = 0; round < Number(rounds); round++) {
    mkdirSync(path.join(root, `r${round % 3}`), { recursive: true });
    for (let index = 0; index < 30; index++) writeFileSync(path.join(root, `r${round % 3}`, `f${index}.txt`), `${sessionId} round ${round} file ${index}\n`);
    trees.push((await store.record({ sessionId, roots: [root] })).roots[0]!.tree);
  }
  process.stdout.write(`${JSON.stringify(trees)}\n`);
} else if (mode === 'restore') {
  const [targetFile = ''] = args;
  const target = JSON.parse(readFileSync(targetFile, 'utf8')) as Snapshot;
  const plan = await store.planRestore({ sessionId, target });
  process.stdout.write('planned\n');
  await store.applyRestore({ sessionId, plan, conflicts: 'overwrite' });
  process.stdout.write('done\n');
} else {
  throw new Error(`unknown mode ${mode}`);
}
