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
  /** `notWrapperWith` options count wherever they are, even after operands (`flock FILE -c CMD`). */
  scanAllWords?: boolean;
  /** Options whose value is a whole command line split on spaces: `env -S 'rm -rf x'`. */
  splitString?: readonly string[];
  /** Runs the command with other privileges: an allow rule must name the wrapper itself. */
  elevates?: boolean;
  /** Options whose value is a file it reads (`xargs -a F`) or writes (`time -o F`, `strace -o F`). */
  readOptions?: readonly string[];
  writeOptions?: readonly string[];
  /** Options whose value is the folder the command runs in (`env -C DIR`): its relative names are judged from elsewhere. */
  chdirOptions?: readonly string[];
  /** Runs the command once per input chunk, appending the input as arguments unless told to replace. */
  appendsInput?: { replaceOptions: readonly string[] };
}

/**
 * The wrappers stripped before rule matching, keyed by command name: programs that run the command given
 * as their operands, in this process tree (so `setsid touch x` meets a `Bash(touch:*)` deny rule). Not here
 * on purpose: `watch`, `flock -c`, `su -c` and `runuser -c` (their scripts are analyzed as shell bodies), and
 * programs that run a command elsewhere (`ssh`, `docker exec`, `npx`): those stay the command that is
 * matched, and a deny rule is also tried on every later word of a command codev does not know.
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
    writeOptions: ['-o', '--output'],
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
    chdirOptions: ['-C', '--chdir'],
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
    chdirOptions: ['-D', '--chdir'],
  },
  doas: { options: { shortWithValue: 'uC', shortFlags: 'nsL' }, elevates: true },
  gtimeout: { options: { shortWithValue: 'sk', shortFlags: 'v', longWithValue: ['--signal', '--kill-after'], longFlags: ['--preserve-status', '--foreground', '--verbose'] }, positional: 1 },
  setsid: { options: { shortFlags: 'cfw', longFlags: ['--ctty', '--fork', '--wait'] } },
  ionice: { options: { shortWithValue: 'cn', shortFlags: 'tpPu', longWithValue: ['--class', '--classdata'], longFlags: ['--ignore', '--pid', '--pgid', '--uid'] }, notWrapperWith: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] },
  taskset: { options: { shortFlags: 'acpV', longFlags: ['--all-tasks', '--cpu-list', '--pid'] }, positional: 1, notWrapperWith: ['-p', '--pid'] },
  flock: {
    options: { shortWithValue: 'wEc', shortFlags: 'sxunoFhV', longWithValue: ['--timeout', '--wait', '--conflict-exit-code', '--command'], longFlags: ['--shared', '--exclusive', '--unlock', '--nonblock', '--nb', '--close', '--no-fork', '--verbose'] },
    positional: 1,
    notWrapperWith: ['-c', '--command'],
    scanAllWords: true,
  },
  chrt: { options: { shortWithValue: 'TPD', shortFlags: 'abdfiormRevh', longWithValue: ['--sched-runtime', '--sched-period', '--sched-deadline'], longFlags: ['--all-tasks', '--batch', '--deadline', '--fifo', '--idle', '--other', '--rr', '--reset-on-fork', '--ext', '--max', '--verbose'] }, positional: 1, notWrapperWith: ['-p', '--pid'] },
  nsenter: {
    options: { shortWithValue: 'tSG', shortOptionalValue: 'muinpUCTrw', shortFlags: 'FZVh', longWithValue: ['--target', '--setuid', '--setgid'], longFlags: ['--mount', '--uts', '--ipc', '--net', '--pid', '--user', '--cgroup', '--time', '--root', '--wd', '--no-fork', '--preserve-credentials', '--follow-context', '--all'] },
  },
  unshare: {
    options: { shortWithValue: 'RwSG', shortFlags: 'muinpUCTfrcV', longWithValue: ['--root', '--wd', '--setuid', '--setgid', '--propagation', '--setgroups', '--map-user', '--map-group', '--map-users', '--map-groups', '--monotonic', '--boottime', '--kill-child'], longFlags: ['--mount', '--uts', '--ipc', '--net', '--pid', '--user', '--cgroup', '--time', '--fork', '--map-root-user', '--map-current-user', '--mount-proc', '--keep-caps'] },
  },
  chroot: { options: { longWithValue: ['--userspec', '--groups'], longFlags: ['--skip-chdir'] }, positional: 1 },
  prlimit: { options: { shortWithValue: 'p', shortOptionalValue: 'bcdefilmnqrstvxy', longFlags: ['--noheadings', '--raw', '--verbose'] }, notWrapperWith: ['-p', '--pid'] },
  numactl: {
    options: { shortWithValue: 'iNCmpP', shortFlags: 'alsHS', longWithValue: ['--interleave', '--cpunodebind', '--physcpubind', '--membind', '--preferred', '--preferred-many', '--weighted-interleave'], longFlags: ['--all', '--localalloc', '--show', '--hardware', '--balancing'] },
  },
  runuser: { options: { shortWithValue: 'ugGsw', shortFlags: 'lmpP', longWithValue: ['--user', '--group', '--supp-group', '--shell', '--whitelist-environment'], longFlags: ['--login', '--preserve-environment', '--pty'] }, notWrapperWith: ['-c', '--command', '--session-command'], scanAllWords: true, elevates: true },
  pkexec: { options: { longWithValue: ['--user'], longFlags: ['--disable-internal-agent', '--keep-cwd'] }, elevates: true },
  strace: { options: { shortWithValue: 'eoOpPsSuIbEXa', shortFlags: 'cCdDfFhiqrtTvVwxyzZk', longWithValue: ['--output', '--expr', '--trace', '--signal', '--attach', '--user', '--env', '--string-limit'], longFlags: ['--follow-forks', '--summary-only', '--quiet'] }, writeOptions: ['-o', '--output'] },
  ltrace: { options: { shortWithValue: 'aAeEFlnopsuxXwD', shortFlags: 'bcCfhiLrStTV', longWithValue: ['--output', '--library'], longFlags: ['--demangle', '--no-signals'] }, writeOptions: ['-o', '--output'] },
  faketime: { options: { shortWithValue: 'p', shortFlags: 'mf', longFlags: ['--exclude-monotonic', '--disable-shm', '--date-prog'] }, positional: 1, notWrapperWith: ['-p'] },
  firejail: { options: { longFlags: [] } },
  torsocks: { options: { shortWithValue: 'upaP', shortFlags: 'diq', longWithValue: ['--user', '--pass', '--address', '--port'], longFlags: ['--debug', '--quiet', '--isolate', '--shell'] } },
  proxychains: { options: { shortWithValue: 'f', shortFlags: 'q' } },
  proxychains4: { options: { shortWithValue: 'f', shortFlags: 'q' } },
  'dbus-run-session': { options: { longWithValue: ['--config-file', '--dbus-daemon'] } },
  'xvfb-run': { options: { shortWithValue: 'nsfepwe', shortFlags: 'alh', longWithValue: ['--server-num', '--server-args', '--auth-file', '--error-file', '--xauth-protocol', '--wait'], longFlags: ['--auto-servernum', '--listen-tcp'] }, writeOptions: ['-f', '--auth-file', '-e', '--error-file'] },
  unbuffer: { options: { shortFlags: 'p' } },
  eatmydata: { options: {} },
  nocache: { options: {} },
  catchsegv: { options: {} },
  fakeroot: { options: { shortWithValue: 'lsib', shortFlags: 'uhv', longWithValue: ['--lib', '--faked'], longFlags: ['--unknown-is-real'] } },
  valgrind: { options: { longFlags: [] } },
  setpriv: { options: { shortFlags: 'd', longFlags: [] } },
  cgexec: { options: { shortWithValue: 'g', longFlags: ['--sticky'] } },
  'systemd-run': { options: { shortWithValue: 'pEMuHsrq', shortFlags: 'tPGdS', longWithValue: ['--unit', '--property', '--description', '--slice', '--uid', '--gid', '--working-directory', '--setenv', '--machine', '--host', '--on-active', '--on-calendar'], longFlags: ['--user', '--system', '--scope', '--pty', '--pipe', '--wait', '--collect', '--quiet', '--same-dir', '--no-block', '--shell'] }, chdirOptions: ['--working-directory'] },
  'ssh-agent': { options: { shortWithValue: 'aEPt', shortFlags: 'cDdks' } },
  toybox: { options: {} },
  xargs: {
    options: {
      shortWithValue: 'adEILnPs',
      shortOptionalValue: 'eil',
      shortFlags: '0oprtx',
      longWithValue: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
      longFlags: ['--null', '--open-tty', '--interactive', '--no-run-if-empty', '--verbose', '--exit', '--show-limits', '--replace', '--eof', '--max-lines'],
    },
    appendsInput: { replaceOptions: ['-I', '-i', '--replace'] },
    readOptions: ['-a', '--arg-file'],
  },
};

/** The command name without its directory: `/usr/bin/timeout` → `timeout`. */
export function commandBaseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}
