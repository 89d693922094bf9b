import { describe, expect, it } from 'vitest';
import { QUEUE_ADD_OPTIONS } from './commands/queue-add-command.ts';
import { QUEUE_DENY_OPTIONS } from './commands/queue-answer-command.ts';
import { QUEUE_CLEAN_OPTIONS } from './commands/queue-clean-command.ts';
import { QUEUE_REWIND_OPTIONS } from './commands/queue-rewind-command.ts';
import { REWIND_OPTIONS } from './commands/rewind/rewind-command.ts';
import { QUEUE_STATUS_OPTIONS } from './commands/queue-status-command.ts';
import { WORKER_OPTIONS } from './commands/worker-command.ts';
import { FLEET_TARGET_OPTIONS } from './commands/resolve-fleet-target.ts';
import { QUEUE_HELP, REWIND_HELP, WORKER_HELP } from './help.ts';

/** The part of a help text that describes options: its lines that start with a flag. */
function optionLines(help: string): string {
  return help
    .split('\n')
    .filter((line) => /^\s+(-\w, )?--\w/.test(line))
    .join('\n');
}

/** Each option of `options` (and its short form) that the described option lines of `help` do not name. */
function undescribed(help: string, options: Record<string, { short?: string }>): string[] {
  const described = optionLines(help);
  return Object.entries(options).flatMap(([name, { short }]) => [
    ...(new RegExp(`--${name}\\b`).test(described) ? [] : [`--${name}`]),
    ...(short === undefined || new RegExp(`(^|\\s)-${short}[, ]`, 'm').test(described) ? [] : [`-${short}`]),
  ]);
}

// --help and --verbose are every command's, told by `codev --help`.
describe('the help of the fleet and rewind commands', () => {
  it.each([
    ['codev queue (add, watch, cancel, approve)', QUEUE_HELP, { ...QUEUE_ADD_OPTIONS, ...FLEET_TARGET_OPTIONS }],
    ['codev queue status', QUEUE_HELP, QUEUE_STATUS_OPTIONS],
    ['codev queue deny', QUEUE_HELP, QUEUE_DENY_OPTIONS],
    ['codev queue clean', QUEUE_HELP, QUEUE_CLEAN_OPTIONS],
    ['codev worker', WORKER_HELP, WORKER_OPTIONS],
    ['codev queue rewind', QUEUE_HELP, QUEUE_REWIND_OPTIONS],
    ['codev rewind', REWIND_HELP, REWIND_OPTIONS],
  ])('%s describes every option the command takes', (_command, help, options) => {
    expect(undescribed(help, options as Record<string, { short?: string }>)).toEqual([]);
  });
});
