import { CodevError } from '../../../errors/codev-error.ts';
import { createFakeMessagesServer } from '../../../testing/fake-messages-server/create-fake-messages-server.ts';
import { echoReply } from '../../../testing/fake-messages-server/echo-reply.ts';
import type { FakeScript } from '../../../testing/fake-messages-server/types.ts';
import { FAKE_MODEL_HELP } from '../../help.ts';
import { parseCommandLine } from '../../parse-command-line.ts';
import { loggedScript } from './fake-model-logged-script.ts';
import { readReplay } from './fake-model-replay.ts';
import { runFakeModelCommand } from './fake-model-run-command.ts';
import { readFakeScriptFile } from './fake-model-script-file.ts';
import { DECIMAL_DIGITS } from '../number-options.ts';
import { stopOnSignals } from '../stop-on-signals.ts';
import type { CommandIo } from '../types.ts';

/** Errors in what --script or --replay names: usage errors (exit 2), reported with their own code. */
const SCRIPT_ERRORS = new Set(['FAKE_SCRIPT_INVALID', 'SESSION_NOT_FOUND', 'SESSION_AMBIGUOUS']);

/**
 * `codev fake-model [--port N] [--script FILE | --replay SESSION] [-- command...]`: serves the fake Messages
 * API of codev/testing on 127.0.0.1 with the echo model (`echoReply`), a script of replies or a saved
 * session's replies. Without a command it prints `ANTHROPIC_BASE_URL=...` and serves until SIGINT or SIGTERM
 * (exit 0); with one it runs the command against it and exits with the command's code.
 */
export async function fakeModelCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  const { values, positionals } = parseCommandLine(own, { port: { type: 'string', short: 'p' }, script: { type: 'string' }, replay: { type: 'string' } });
  if (values.help) {
    io.stdout(FAKE_MODEL_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CodevError('CLI_USAGE', `Unexpected argument "${positionals[0]}"`, { hint: `put the command to run after --: codev fake-model -- ${positionals.join(' ')}` });
  if (separator !== -1 && command.length === 0) throw new CodevError('CLI_USAGE', 'Missing the command after --', { hint: 'codev fake-model -- codev run agent.ts' });
  if (values.script !== undefined && values.replay !== undefined) throw new CodevError('CLI_USAGE', '--script and --replay cannot be used together', { hint: 'give one source of replies' });
  const port = portOption(values.port);
  const cwd = values.cwd ?? io.cwd;
  let script: FakeScript;
  try {
    script = values.script !== undefined ? await readFakeScriptFile({ file: values.script, cwd }) : values.replay !== undefined ? (await readReplay({ given: values.replay, cwd })).script : echoReply;
  } catch (error) {
    if (!(CodevError.isInstance(error) && SCRIPT_ERRORS.has(error.code))) throw error;
    io.stderr(`codev fake-model: ${error.format()}\n`);
    return 2;
  }
  const model = values.script !== undefined ? `the script ${values.script}` : values.replay !== undefined ? `the replay of ${values.replay}` : 'the echo model';
  // Served for a shell, each reply is logged; a command after -- has the terminal to itself.
  const log = command.length > 0 ? () => {} : (line: string) => io.stderr(`codev fake-model: ${line}\n`);
  const server = await listen({ script: loggedScript({ script, log }), port });
  try {
    if (command.length > 0) return await runFakeModelCommand({ command, url: server.url, cwd, io });
    return await serve({ url: server.url, model, io });
  } finally {
    await server.close();
  }
}

async function serve(options: { url: string; model: string; io: CommandIo }): Promise<number> {
  const { io } = options;
  io.stdout(`ANTHROPIC_BASE_URL=${options.url}\n`);
  io.stderr(
    `codev fake-model: serving the Messages API with ${options.model} on ${options.url} (no key, no network) until Ctrl-C.\n` +
      `In another shell:\n  export ANTHROPIC_BASE_URL=${options.url}\n  codev run agent.ts\n`,
  );
  const stop = stopOnSignals(io);
  try {
    await new Promise<void>((resolve) => {
      if (stop.signal.aborted) resolve();
      stop.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    stop.dispose();
  }
  return 0;
}

async function listen(options: { script: FakeScript; port: number | undefined }) {
  try {
    return await createFakeMessagesServer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is in use' : code === 'EACCES' ? 'may not be used by this user (below 1024 only root may listen)' : undefined;
    if (why === undefined) throw error;
    throw new CodevError('CLI_USAGE', `Port ${options.port} ${why}`, { hint: 'choose another --port, or leave it out for any free port' });
  }
}

function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!(DECIMAL_DIGITS.test(value) && Number.isSafeInteger(port) && port <= 65_535)) throw new CodevError('CLI_USAGE', `--port must be a port number from 0 to 65535, not "${value}"`, { hint: 'e.g. --port 8787 (0: any free port)' });
  return port;
}
