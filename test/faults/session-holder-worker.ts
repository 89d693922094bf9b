/**
 * A process that holds a session, for the fault suites of session holders this process cannot see as such
 * (in a pid namespace of its own, or killed and never reaped). Run through jiti, as codev itself is:
 *
 * - `hold <directory> <id>`: opens session `<id>` of the file store in `<directory>`, prints `held`, then
 *   waits to be killed.
 * - `own <folder>`: makes `<folder>` a session folder of this process (with its owner marker), prints
 *   `owned`, then waits to be killed.
 */
import { ensureSessionDirectory } from '../../src/session/ensure-session-directory.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';

const [mode, target = '', id = ''] = process.argv.slice(2);

if (mode === 'hold') await createFileSessionStore({ directory: target }).open({ id });
else if (mode === 'own') await ensureSessionDirectory(target);
else throw new Error(`unknown mode ${mode}`);
process.stdout.write(mode === 'hold' ? 'held\n' : 'owned\n');
setInterval(() => {}, 1_000); // until killed
