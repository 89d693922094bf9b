/**
 * Test-only child: `record|recover <store> <session> <root>` on a checkpoint store, printing `ok` or the error's
 * code; run in a child so that a read that blocks (a FIFO where a file was expected) cannot hang the test runner.
 */
import { openCheckpointStore } from '../../../src/checkpoints/open-checkpoint-store.ts';
import { CodevError } from '../../../src/errors/codev-error.ts';

const [action, directory = '', sessionId = '', root = ''] = process.argv.slice(2);
const store = openCheckpointStore({ directory });
const work = action === 'record' ? () => store.record({ sessionId, roots: [root] }) : () => store.recover({ sessionId });
const outcome = await work().then(() => 'ok', (error: unknown) => (CodevError.isInstance(error) ? error.code : `raw ${String(error)}`));
process.stdout.write(`${outcome}\n`);
