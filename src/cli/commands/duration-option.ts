import { CodevError } from '../../errors/codev-error.ts';

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The value of option `--name` as a duration in ms (`90s`, `30m`, `12h`, `7d`, or `0`), undefined when not given; `CLI_USAGE` otherwise. */
export function durationOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '0') return 0;
  const match = /^(\d+(?:\.\d+)?)([smhd])$/.exec(value.trim());
  if (!match) throw new CodevError('CLI_USAGE', `--${name} must be a duration such as 30m, 12h or 7d, not "${value}"`, { hint: `e.g. --${name} 7d (s, m, h or d; 0 for all)` });
  return Math.round(Number(match[1]) * UNIT_MS[match[2]!]!);
}
