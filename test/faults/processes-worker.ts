/**
 * The child process of the processes fault suite: a codev that runs the Bash tool, run through jiti as codev
 * itself is. Its command starts two daemons that leave its process group, `setsid sleep <seconds>` and
 * `nohup sleep <seconds>`, then waits in `sleep <seconds>`; the suite finds the three by that command line.
 *
 * - `foreground <seconds>`: runs the command in the foreground and waits for it, until the suite signals
 *   this process.
 * - `background <seconds>`: starts the command in the background, waits until its daemons run, and ends
 *   normally (nothing keeps the event loop).
 * - `hook <seconds>`: a hook command starts the two daemons and returns; then this process ends normally.
 */
import { runHookCommand } from '../../src/hooks/command/run-hook-command.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { runTool } from '../../src/testing/run-tool.ts';
import { processesWithArguments, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { bashTool } from '../../src/tools/Bash/index.ts';

const [mode, seconds = ''] = process.argv.slice(2);
const command = `setsid sleep ${seconds} >/dev/null 2>&1 & nohup sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`;
const context = createTestContext({ tools: [bashTool], mode: 'bypassPermissions' });

if (mode === 'foreground') {
  await runTool({ name: 'Bash', input: { command }, context });
} else if (mode === 'hook') {
  await runHookCommand({ command: `setsid sleep ${seconds} >/dev/null 2>&1 & nohup sleep ${seconds} >/dev/null 2>&1 &`, stdin: '', cwd: process.cwd(), env: process.env, timeoutMs: 5_000 });
  await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 2, 5_000);
} else if (mode === 'background') {
  await runTool({ name: 'Bash', input: { command, run_in_background: true }, context });
  await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 3, 5_000);
}
