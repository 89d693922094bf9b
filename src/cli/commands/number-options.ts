import { CodevError } from '../../errors/codev-error.ts';

/** A whole number as a user writes one: decimal digits (`Number` also reads `0x10`, `1e3`, `0b11`). */
export const DECIMAL_DIGITS = /^\s*\d+\s*$/;
/** A number as a user writes one: decimal digits with a fraction or not (`1`, `0.50`, `.5`). */
export const DECIMAL_NUMBER = /^\s*(\d+\.?\d*|\.\d+)\s*$/;

/** The value of option `--name` as a positive whole number, undefined when not given; `CLI_USAGE` otherwise. */
export function positiveIntegerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(DECIMAL_DIGITS.test(value) && Number.isSafeInteger(number) && number > 0)) throw new CodevError('CLI_USAGE', `--${name} must be a positive whole number, not "${value}"`, { hint: `e.g. --${name} 3` });
  return number;
}

/** The value of option `--name` as a positive number, undefined when not given; `CLI_USAGE` otherwise. */
export function positiveNumberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(DECIMAL_NUMBER.test(value) && Number.isFinite(number) && number > 0)) throw new CodevError('CLI_USAGE', `--${name} must be a positive number, not "${value}"`, { hint: `e.g. --${name} 0.50` });
  return number;
}
