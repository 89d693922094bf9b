import type { OptionSpec } from './skip-options.ts';

/** A command that runs another command given as its operands: `timeout 5 rm x` runs `rm x`. */
export interface WrapperSpec {
  options: OptionSpec;
  /** Operands between the options and the command: timeout's DURATION. */
  positional?: number;
  /** `NAME=value` words before the command set environment variables (env, sudo, the `time` keyword). */
  takesAssignments?: boolean;
  /** Options that make it something else than a wrapper: `command -v rm` only prints a path. */
  notWrapperWith?: readonly string[];
  /** Options whose value is a whole command line split on spaces: `env -S 'rm -rf x'`. */
  splitString?: readonly string[];
  /** Runs the command with other privileges: an allow rule must name the wrapper itself. */
  elevates?: boolean;
  /** Runs the command once per input chunk, appending the input as arguments unless told to replace. */
  appendsInput?: { replaceOptions: readonly string[] };
}

/**
 * The wrappers stripped before rule matching, keyed by command name. Not here on purpose (they stay the
 * command that is matched): `watch` and `flock -c` (their scripts are analyzed instead), `setsid`,
 * `ionice`, `npx`, `docker exec`, `ssh`.
 */
export const WRAPPER_COMMANDS: Readonly<Record<string, WrapperSpec>> = {
  timeout: {
    options: {
      shortWithValue: 'sk',
      shortFlags: 'v',
      longWithValue: ['--signal', '--kill-after'],
      longFlags: ['--preserve-status', '--foreground', '--verbose'],
    },
    positional: 1,
  },
  time: {
    options: {
      shortWithValue: 'fo',
      shortFlags: 'pavq',
      longWithValue: ['--format', '--output'],
      longFlags: ['--append', '--verbose', '--portability', '--quiet'],
    },
    // The bash keyword `time` times a whole pipeline, assignments included: `time FOO=1 rm x`.
    takesAssignments: true,
  },
  nice: { options: { shortWithValue: 'n', longWithValue: ['--adjustment'], numericOption: true } },
  nohup: { options: {} },
  stdbuf: { options: { shortWithValue: 'ioe', longWithValue: ['--input', '--output', '--error'] } },
  command: { options: { shortFlags: 'pvV' }, notWrapperWith: ['-v', '-V'] },
  builtin: { options: {} },
  noglob: { options: {} },
  exec: { options: { shortFlags: 'cl', shortWithValue: 'a' } },
  busybox: { options: {} },
  coproc: { options: {}, takesAssignments: true },
  env: {
    options: {
      shortWithValue: 'uCSP',
      shortFlags: 'i0v',
      longWithValue: ['--unset', '--chdir', '--split-string'],
      longFlags: ['--ignore-environment', '--null', '--debug', '--ignore-signal', '--default-signal', '--block-signal'],
      loneDash: true,
    },
    takesAssignments: true,
    splitString: ['-S', '--split-string'],
  },
  sudo: {
    options: {
      shortWithValue: 'ugCDhprtTU',
      shortFlags: 'AbBeEHiKklnNPsSvV',
      longWithValue: ['--user', '--group', '--close-from', '--chdir', '--host', '--prompt', '--role', '--type', '--command-timeout', '--other-user'],
      longFlags: ['--askpass', '--background', '--bell', '--edit', '--preserve-env', '--set-home', '--login', '--remove-timestamp', '--reset-timestamp', '--list', '--non-interactive', '--no-update', '--preserve-groups', '--shell', '--stdin', '--validate', '--version'],
    },
    takesAssignments: true,
    notWrapperWith: ['-e', '--edit', '-l', '--list', '-v', '--validate', '-V', '--version', '-K'],
    elevates: true,
  },
  doas: { options: { shortWithValue: 'uC', shortFlags: 'nsL' }, elevates: true },
  xargs: {
    options: {
      shortWithValue: 'adEILnPs',
      shortOptionalValue: 'eil',
      shortFlags: '0oprtx',
      longWithValue: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
      longFlags: ['--null', '--open-tty', '--interactive', '--no-run-if-empty', '--verbose', '--exit', '--show-limits', '--replace', '--eof', '--max-lines'],
    },
    appendsInput: { replaceOptions: ['-I', '-i', '--replace'] },
  },
};

/** The command name without its directory: `/usr/bin/timeout` → `timeout`. */
export function commandBaseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}
