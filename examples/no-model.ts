/**
 * codev with no model at all: load this repo's kernel (codev.config.ts and plugins/), print the tool pool,
 * and run a few tool calls through the full lifecycle, printing who decided each one.
 *
 *   node examples/run.mjs examples/no-model.ts     (Node: TypeScript through jiti)
 *   npx deno run -A examples/no-model.ts           (Deno 2)
 *
 * The plugins it exercises: plugins/echo.ts (the Echo tool), plugins/safety-rules.ts (deny rules plus a
 * check function) and plugins/no-sudo.ts (a PreToolUse hook). codev.config.ts allows Echo.
 *
 * Exit code 1 when the project loads with errors or a call ends otherwise than it should.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildTool, createKernel, runToolUse, type CanUseTool, type PermissionDecision, type ToolResultUpdate, type ToolUseContext } from 'codev';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A stand-in shell tool defined by this script (not a plugin): it only says what it would run. It reports its
 * command as a permission target, so hooks and shell rules see it like a real shell tool's.
 */
const dryRunShell = buildTool({
  name: 'DryRunShell',
  description: 'Pretend to run a shell command (prints it, runs nothing).',
  inputSchema: z.object({ command: z.string().describe('The command line') }),
  getPermissionTargets: ({ command }) => [{ kind: 'command', command }],
  checkPermissions: () => ({ behavior: 'passthrough' }),
  async call({ command }) {
    return { data: `would run: ${command}` };
  },
});

const kernel = await createKernel({ cwd: root, extraTools: [dryRunShell] });
try {
  console.log(`project: ${kernel.root}`);
  console.log(`config: ${kernel.configFile ? path.relative(root, kernel.configFile) : '(none)'}`);
  console.log(`plugins: ${kernel.plugins.map((plugin) => plugin.name).join(', ')}`);
  // A plugin or the config that failed to load: the calls below would not show what they are meant to.
  for (const error of kernel.errors) console.error(`load error: ${error.format()}`);
  if (kernel.errors.length > 0) process.exitCode = 1;
  console.log(`pool: ${kernel.tools.map((tool) => tool.name).join(', ')}`);
  console.log('');

  // An ask (no rule decides) goes to canUseTool; a script answers it itself. This one approves read-only
  // looking commands and rejects the rest, and says what it was asked.
  const canUseTool: CanUseTool = (tool, input, { message }) => {
    const command = String(input.command ?? '');
    console.log(`  canUseTool asked for ${tool.name}: ${message}`);
    return /^(ls|pwd|cat)\b/.test(command) ? { behavior: 'allow' } : { behavior: 'deny', message: 'The script declined this command.' };
  };

  const context = kernel.createToolUseContext();
  // Each call with the status it should end with: the script exits 1 when one ends otherwise.
  const calls: { title: string; name: string; input: Record<string, unknown>; expected: ToolResultUpdate['status'] }[] = [
    { title: 'allowed by a config rule', name: 'Echo', input: { message: 'hello', times: 2 }, expected: 'ok' },
    { title: 'denied by the safety rule plugin', name: 'Echo', input: { message: 'x'.repeat(10_001) }, expected: 'denied' },
    { title: 'denied by the no-sudo hook', name: 'DryRunShell', input: { command: 'sudo rm -rf /tmp/scratch' }, expected: 'denied' },
    { title: 'a validation error', name: 'Echo', input: { message: 'hi', times: 'three' }, expected: 'invalid-input' },
    { title: 'an ask answered by canUseTool', name: 'DryRunShell', input: { command: 'ls -la' }, expected: 'ok' },
  ];
  let id = 0;
  for (const { title, name, input, expected } of calls) {
    console.log(`# ${title}: ${name} ${preview(input)}`);
    const result = await call(context, { type: 'tool_use', id: `toolu_example_${++id}`, name, input }, canUseTool);
    console.log(`  status: ${result.status}${result.isError ? ' (error result)' : ''}`);
    console.log(`  decision: ${describeDecision(result.decision)}`);
    console.log(`  model reads: ${preview(resultContent(result))}`);
    console.log('');
    if (result.status !== expected) {
      console.error(`${title}: expected status ${expected}, got ${result.status}`);
      process.exitCode = 1;
    }
  }
} finally {
  await kernel.close();
}

/** One call through runToolUse: progress updates as they come, then exactly one result. */
async function call(context: ToolUseContext, toolUse: { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }, canUseTool: CanUseTool): Promise<ToolResultUpdate> {
  let result: ToolResultUpdate | undefined;
  for await (const update of runToolUse(toolUse, undefined, canUseTool, context)) {
    if (update.type === 'progress') console.log(`  progress: ${JSON.stringify(update.progress)}`);
    else result = update;
  }
  if (!result) throw new Error('runToolUse always ends with a result');
  return result;
}

/** `allow by config (rule "Echo" from project)`, `deny by hook (hook no-sudo)`, or `none (...)`. */
function describeDecision(decision: PermissionDecision | undefined): string {
  if (!decision) return 'none (the call ended before the permission stage)';
  const parts = [`${decision.behavior} by ${decision.source}`];
  if (decision.rule) parts.push(`rule "${decision.rule}" from ${decision.ruleSource}`);
  const reason = decision.reason;
  if (reason?.type === 'hook') parts.push(`hook ${reason.hookName}${reason.reason ? `: ${reason.reason}` : ''}`);
  else if (reason?.type === 'ruleFunction') parts.push(`rule function of ${reason.name}`);
  else if (reason?.type === 'user') parts.push(reason.permanent ? 'user, always' : 'user, this once');
  else if (reason && reason.type !== 'rule') parts.push(`reason ${reason.type}`);
  return parts.length === 1 ? parts[0]! : `${parts[0]} (${parts.slice(1).join('; ')})`;
}

function resultContent(result: ToolResultUpdate): string {
  const content = result.block.content;
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
