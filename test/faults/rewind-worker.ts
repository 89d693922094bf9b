/**
 * An agent process for the rewind fault suite, run through jiti as codev itself is:
 * - `run <root> <baseURL>` makes a kernel in `<root>` and an agent on the fake Messages server at `<baseURL>`
 *   (every call allowed), prints `session <id>`, then runs the query `do the work` until it ends or the
 *   process is killed.
 * - `rewind <root> <sessionId> <turn> <PreRewind|PostRewind>` rewinds the session to `<turn>` with a hook of
 *   that event that writes `<root>/build/<event>` and never answers, so the process can be killed there.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAgent } from '../../src/agent/create-agent.ts';
import { rewindSession } from '../../src/agent/rewind/rewind-session.ts';
import { createKernel } from '../../src/create-kernel.ts';
import { defineHook } from '../../src/hooks/define-hook.ts';

const [mode, root = '', second = '', turn = '1', event = 'PreRewind'] = process.argv.slice(2);
if (mode === 'rewind') {
  const stage = event === 'PostRewind' ? 'PostRewind' : 'PreRewind';
  const hang = defineHook({ event: stage, timeout: 600_000, handler: () => (writeFileSync(path.join(root, 'build', stage), ''), new Promise<never>(() => {})) });
  await rewindSession({ sessionId: second, projectRoot: root, to: Number(turn), hooks: [hang] });
} else if (mode === 'run') {
  const kernel = await createKernel({ cwd: root, mcp: false, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  const agent = createAgent({ kernel, apiKey: 'test-key', baseURL: second, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  process.stdout.write(`session ${agent.sessionId}\n`);
  for await (const event of agent.query('do the work')) process.stdout.write(`${event.type === 'tool-result' ? `tool-result ${JSON.stringify(event.block.content).slice(0, 300)}` : event.type === 'warning' ? `warning ${event.code ?? ''} ${event.message}` : event.type}\n`);
  await agent.close();
} else throw new Error(`unknown mode ${mode}`);
