import { isTransparentCommand } from './is-transparent-command.ts';
import type { SimpleCommand } from './types.ts';

/**
 * Whether acceptEdits may run this command without a rule: its program only reads, or edits the files it
 * is given (`mkdir`, `touch`, `rm`, `rmdir`, `mv`, `cp`, `tee`, `sed -i`…), with nothing computed at run time,
 * no opaque code and only harmless variables. Its files are then checked on their own (inside the working
 * directories, not protected).
 */
export function isEditingCommand(command: SimpleCommand): boolean {
  if (!isTransparentCommand(command)) return false;
  if (command.argv.length === 0) return command.assignments.length === 0;
  return command.effects.readOnly || command.effects.editsFiles === true;
}
