import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { AGENT_ONLY_TOOLS, createKernel, createMcpServer } from '../../../index.ts';
import type { Kernel } from '../../../kernel/types.ts';
import { SESSION_CLOSE_GRACE_MS } from '../../../mcp-server/open-mcp-session.ts';
import type { Tool } from '../../../tool/types.ts';
import { MCP_HELP } from '../../help.ts';
import { parseCommandLine, refuseArguments } from '../../parse-command-line.ts';
import { printLoadErrors } from '../../print-load-errors.ts';
import { throwRuleErrors } from '../check-rule-flags.ts';
import { stopOnSignals } from '../stop-on-signals.ts';
import type { CommandIo } from '../types.ts';
import { checkToolsOption } from './check-tools-option.ts';
import { enterServingChain } from './enter-serving-chain.ts';
import { MCP_SERVE_OPTIONS, mcpServeSettings, type McpServeSettings } from './mcp-serve-options.ts';
import { openProtocolChannel } from './open-protocol-channel.ts';
import { reserveStdoutForProtocol } from './reserve-stdout-for-protocol.ts';
import { serveOverHttp } from './serve-over-http.ts';
import { PASSES_DESCRIPTORS, serveInChild } from './serve-in-child.ts';
import { serveOverStdio } from './serve-over-stdio.ts';

/** How long the sessions may take to end once the client is gone or a signal came, before the process quits anyway. */
// Past the sessions' own wait for calls that ignore the abort, so that they end (their folders released) first.
const CLOSE_GRACE_MS = SESSION_CLOSE_GRACE_MS + 3_000;

/**
 * `codev mcp serve`: serves the project's tool pool over MCP (stdio or Streamable HTTP), hot-reloaded, every
 * call through `runToolUse` with the project's rules, hooks and sandbox. Runs until the client closes stdin
 * (stdio: exit 0) or a SIGINT or SIGTERM (130, 143), then ends every session (running calls aborted, their
 * processes stopped) and closes the kernel. Over stdio, the server runs in a child process whose fd 1 is
 * stderr (see serveInChild): the client's stdout is the protocol's alone, whatever writes to fd 1; on Deno,
 * which cannot hand a child that descriptor, in this process with stdout kept at the JavaScript level.
 */
export async function mcpServeCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, MCP_SERVE_OPTIONS);
  if (values.help) {
    io.stdout(MCP_HELP);
    return 0;
  }
  refuseArguments(positionals, 'codev mcp serve [--transport stdio|http] [options] (codev mcp serve --help)');
  const settings = mcpServeSettings({ values, cwd: io.cwd, env: io.env, generateToken: () => randomBytes(32).toString('base64url') });
  // Before anything loads, as the server's fd 1 must be stderr before a plugin's top level runs.
  const channel = openProtocolChannel(process.env);
  if (settings.transport.kind === 'stdio' && !channel && PASSES_DESCRIPTORS) return serveInChild({ argv, io });
  // Where a child cannot be handed the client's stdout (Deno), this process serves, stdout kept at the JavaScript level.
  const protocol = channel?.protocol ?? (settings.transport.kind === 'stdio' ? reserveStdoutForProtocol() : undefined);
  await enterServingChain({ cwd: settings.cwd, env: process.env });
  const stop = stopOnSignals(io);
  let endNow!: () => void;
  const ending = new Promise<void>((resolve) => (endNow = resolve));
  const stopped = channel ? AbortSignal.any([stop.signal, channel.gone]) : stop.signal;
  stopped.addEventListener('abort', () => endNow(), { once: true });
  const grace = new AbortController();
  try {
    const work = run({ settings, protocol, signal: stopped, io, onClientGone: () => endNow() });
    work.catch(() => undefined);
    const late = ending.then(() => delay(CLOSE_GRACE_MS, 'late' as const, { signal: grace.signal })).catch(() => undefined);
    // A call whose tool ignores its abort would hold the server forever once its client is gone: it is left to the exit.
    if ((await Promise.race([work, late])) === 'late') io.stderr(`codev mcp serve: a call did not end within ${CLOSE_GRACE_MS / 1000} s of being stopped (its tool ignores the abort); quitting anyway\n`);
    return stop.exitCode ?? 0;
  } finally {
    grace.abort();
    stop.dispose();
  }
}

/** Loads the project and serves it until the client is gone or a signal came, then ends every session and closes the kernel. */
async function run(options: { settings: McpServeSettings; protocol: Writable | undefined; signal: AbortSignal; io: CommandIo; onClientGone: () => void }): Promise<void> {
  const { settings, io } = options;
  let kernel: Kernel | undefined;
  try {
    kernel = await createKernel({ cwd: settings.cwd, env: io.env, watch: true, permissionMode: settings.permissionMode, allow: settings.allow, deny: settings.deny, ask: settings.ask });
    throwRuleErrors(kernel.errors);
    printLoadErrors(kernel, io.stderr);
    if (settings.tools) checkToolsOption({ names: settings.tools, pool: kernel.tools.flatMap((tool) => [tool.name, ...tool.aliases]), agentOnly: AGENT_ONLY_TOOLS, warn: (message) => io.stderr(`codev mcp serve: warning: ${message}\n`) });
    reportReloads(kernel, io);
    await serve({ ...options, kernel });
  } finally {
    await kernel?.close();
  }
}

/** Serves until the client is gone or a signal came; every session is ended before it resolves. */
async function serve(options: { kernel: Kernel; settings: McpServeSettings; protocol: Writable | undefined; signal: AbortSignal; io: CommandIo; onClientGone: () => void }): Promise<void> {
  const { settings, io } = options;
  const names = settings.tools;
  // A tool named by an alias (codev tool takes them too) is served under its name.
  const tools = names && ((tool: Tool) => names.includes(tool.name) || tool.aliases.some((alias) => names.includes(alias)));
  const server = await createMcpServer({ kernel: options.kernel, tools, askFallback: settings.askFallback, onWarning: (message) => io.stderr(`codev mcp serve: warning: ${message}\n`) });
  try {
    if (settings.transport.kind === 'http') {
      await serveOverHttp({ server, transport: settings.transport, signal: options.signal, io });
      return;
    }
    io.stderr(`codev mcp serve: serving the tools of ${options.kernel.cwd} over stdio\n`);
    // Run by hand, it would seem to hang: the client (Claude Code, Cursor...) is what starts it, on pipes.
    if (io.terminal) io.stderr('codev mcp serve: stdin is a terminal: an MCP client starts this command itself and speaks on its stdin (Ctrl-C quits; --transport http serves clients that connect)\n');
    if ((await serveOverStdio({ server, protocol: options.protocol!, signal: options.signal })) === 'client-gone') options.onClientGone();
  } finally {
    await server.close();
  }
}

/** Hot reload, said on stderr: the clients hear of it by notifications/tools/list_changed. */
function reportReloads(kernel: Kernel, io: CommandIo): void {
  kernel.on('reload', ({ generation, diff }) => io.stderr(`codev mcp serve: reloaded (generation ${generation.number}): tools +${diff.tools.added.length} -${diff.tools.removed.length} ~${diff.tools.changed.length}\n`));
  kernel.on('reload-error', ({ errors }) => errors.forEach((error) => io.stderr(`codev mcp serve: reload failed, keeping the last good version: ${error.format()}\n`)));
}
