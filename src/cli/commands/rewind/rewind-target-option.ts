import { CodevError } from '../../../errors/codev-error.ts';
import { positiveIntegerOption } from '../number-options.ts';

/**
 * The checkpoint `--to` (or `--rewind-to`) names: a turn (a positive whole number) or the uuid of a message
 * (`codev sessions show ID` lists them), undefined when not given. Anything that looks like a number but is
 * not a turn (`0`, `-1`, `1.5`) is `CLI_USAGE`, never taken for a uuid.
 */
export function rewindTargetOption(name: string, value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  if (/^[\s+\-.\d]+$/.test(value)) return positiveIntegerOption(name, value);
  if (!/^[0-9a-zA-Z_-]+$/.test(value)) throw new CodevError('CLI_USAGE', `--${name} must be a turn (1, 2...) or a message uuid, not "${value}"`, { hint: `codev rewind --list shows the turns, e.g. --${name} 2` });
  return value;
}
