import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { suggestKey } from '../errors/suggest-key.ts';
import { formatUserStack, isVerbose } from '../errors/user-stack-frames.ts';
import { checkCwdOption } from './check-cwd-option.ts';
import { listenForStopSignals } from './commands/listen-for-stop-signals.ts';
import type { CommandIo } from './commands/types.ts';
import { endWhenIdle } from './exit-when-done.ts';
import { codevVersion } from '../version/codev-version.ts';
import { MAIN_HELP } from './help.ts';

type Command = (argv: readonly string[], io: CommandIo) => Promise<number>;

// Loaded on demand: `--help` should not pay for the model SDK that `run` needs.
const COMMANDS: Record<string, () => Promise<Command>> = {
  init: async () => (await import('./commands/init/init-command.ts')).initCommand,
  tools: async () => (await import('./commands/tools-command.ts')).toolsCommand,
  models: async () => (await import('./commands/models/models-command.ts')).modelsCommand,
  tool: async () => (await import('./commands/tool-command.ts')).toolCommand,
  run: async () => (await import('./commands/run-command.ts')).runCommand,
  sessions: async () => (await import('./commands/sessions-command.ts')).sessionsCommand,
  rewind: async () => (await import('./commands/rewind/rewind-command.ts')).rewindCommand,
  instructions: async () => (await import('./commands/instructions-command.ts')).instructionsCommand,
  queue: async () => (await import('./commands/queue-command.ts')).queueCommand,
  worker: async () => (await import('./commands/worker-command.ts')).workerCommand,
  rules: async () => (await import('./commands/rules-command.ts')).rulesCommand,
  mcp: async () => (await import('./commands/mcp/mcp-command.ts')).mcpCommand,
  ui: async () => (await import('./commands/ui/ui-command.ts')).uiCommand,
  'fake-model': async () => (await import('./commands/fake-model/fake-model-command.ts')).fakeModelCommand,
};

/** The CLI entry: dispatches argv to a command and turns every failure into a message and an exit code. */
export async function main(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  // `codev help run` is `codev run --help`.
  if (command === 'help' && rest[0] !== undefined && COMMANDS[rest[0]] !== undefined) return main([rest[0], '--help'], io);
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(MAIN_HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`codev ${codevVersion()}\n`);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    // The whole help would bury the one line that matters: the closest command, and where the list is.
    // `codev --verison`, `codev version`: an option before any command is one of codev's own two.
    const own = ['--help', '--version'].find((option) => suggestKey({ key: command.replace(/^-+/, ''), candidates: [option.slice(2)] }));
    const meant = command.startsWith('-') ? own : (suggestKey({ key: command, candidates: Object.keys(COMMANDS) }) ?? own);
    const fix = command.startsWith('-') && meant === undefined ? "a command's options go after it (codev run agent.ts --cwd DIR); codev --help lists the commands" : 'codev --help lists the commands';
    io.stderr(`codev: unknown command "${command}".${meant === undefined ? '' : ` Did you mean "${meant}"?`}\n  fix: ${fix}\n`);
    return 2;
  }
  try {
    // init creates the folder it is given, --cwd included.
    if (command !== 'init') checkCwdOption(rest, io.cwd);
    const run = await load();
    return await run(rest, io);
  } catch (error) {
    const verbose = isVerbose({ argv: rest, env: io.env });
    if (CodevError.isInstance(error)) {
      // The stack of what the user's code threw (its own frames; all of them with --verbose or CODEV_DEBUG=1).
      // A rule given on the command line that can do nothing is a usage error too (`--deny 'bash(ls)'`).
      const usage = error.code === 'CLI_USAGE' || (error.code === 'RULE_INVALID' && error.file === undefined && error.field?.startsWith('--') === true);
      const stack = usage ? [] : formatUserStack(error.cause ?? (verbose ? error : undefined), { verbose });
      io.stderr(`codev ${command}: ${[error.format(), ...stack].join('\n')}\n`);
      return usage ? 2 : 1;
    }
    io.stderr(`codev ${command}: ${[errorMessage(error), ...formatUserStack(error, { verbose })].join('\n')}\n`);
    return 1;
  }
}

function processIo(): CommandIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    get columns() {
      return process.stdout.isTTY ? process.stdout.columns : undefined;
    },
    terminal: process.stdin.isTTY ? { input: process.stdin, output: process.stderr } : undefined,
    onInterrupt: (handler) =>
      listenForStopSignals((signal) => {
        process.stderr.write(signal === 'SIGINT' ? '\ncodev: interrupting (Ctrl-C again to quit now)\n' : '\ncodev: SIGTERM: stopping (a second signal quits now)\n');
        handler(signal);
      }),
    endWhenIdle,
  };
}
