/**
 * An agent process for the rewind fault suite, run through jiti as codev itself is: `run <root> <baseURL>`
 * makes a kernel in `<root>` and an agent on the fake Messages server at `<baseURL>` (every call allowed),
 * prints `session <id>`, then runs the query `do the work` until it ends or the process is killed.
 */
import { createAgent } from '../../src/agent/create-agent.ts';
import { createKernel } from '../../src/create-kernel.ts';

const [mode, root = '', baseURL = ''] = process.argv.slice(2);
if (mode !== 'run') throw new Error(`unknown mode ${mode}`);
const kernel = await createKernel({ cwd: root, mcp: false, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
const agent = createAgent({ kernel, apiKey: 'test-key', baseURL, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
process.stdout.write(`session ${agent.sessionId}\n`);
for await (const event of agent.query('do the work')) process.stdout.write(`${event.type === 'tool-result' ? `tool-result ${JSON.stringify(event.block.content).slice(0, 300)}` : event.type === 'warning' ? `warning ${event.code ?? ''} ${event.message}` : event.type}\n`);
await agent.close();
