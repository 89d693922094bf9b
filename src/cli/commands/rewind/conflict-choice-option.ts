import type { ConflictChoice } from '../../../checkpoints/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';

/** What `--force` and `--keep-changed` say of files changed since the agent left them: overwrite, keep, or (neither) fail. */
export function conflictChoiceOption(values: { force?: boolean; 'keep-changed'?: boolean }): ConflictChoice {
  if (values.force && values['keep-changed']) throw new CodevError('CLI_USAGE', '--force and --keep-changed cannot be used together', { hint: '--force overwrites the files changed since, --keep-changed keeps them' });
  return values.force ? 'overwrite' : values['keep-changed'] ? 'keep' : 'fail';
}
