import { CodevError } from '../../errors/codev-error.ts';

/** The value of option `--name` as a positive whole number, undefined when not given; `CLI_USAGE` otherwise. */
export function positiveIntegerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(Number.isSafeInteger(number) && number > 0 && value.trim() !== '')) throw new CodevError('CLI_USAGE', `--${name} must be a positive whole number, not "${value}"`, { hint: `e.g. --${name} 3` });
  return number;
}

/** The value of option `--name` as a positive number, undefined when not given; `CLI_USAGE` otherwise. */
export function positiveNumberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(Number.isFinite(number) && number > 0 && value.trim() !== '')) throw new CodevError('CLI_USAGE', `--${name} must be a positive number, not "${value}"`, { hint: `e.g. --${name} 0.50` });
  return number;
}
