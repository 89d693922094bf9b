import { SAFE_ENVIRONMENT_VARIABLES } from './safe-environment-variables.ts';
import type { SimpleCommand } from './types.ts';

/**
 * Whether a command is what its words say: nothing in it computed at run time, no opaque code, and no
 * variable set that could make a program run other code. Only such a command can be judged by its program.
 */
export function isTransparentCommand(command: SimpleCommand): boolean {
  if (command.dynamic || command.opaque || command.effects.opaque) return false;
  return command.assignments.every((assignment) => SAFE_ENVIRONMENT_VARIABLES.has(assignment.name));
}
