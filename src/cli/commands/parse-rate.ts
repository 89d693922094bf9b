import { CodevError } from '../../errors/codev-error.ts';

/** A rate limit as BullMQ's limiter takes it: at most `max` per `durationMs`. */
export interface Rate {
  max: number;
  durationMs: number;
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, sec: 1_000, min: 60_000, h: 3_600_000 };
const HINT = 'e.g. --rate 30/min or --rate 2/s (a positive whole number, then /s, /min or /h)';

/** `--rate 30/min` or `--rate 2/s` as a limiter; anything else is `CLI_USAGE`. */
export function parseRate(text: string): Rate {
  const match = /^\s*(\d+)\s*\/\s*([a-z]+)\s*$/i.exec(text);
  const max = match ? Number(match[1]) : Number.NaN;
  const durationMs = match ? UNIT_MS[match[2]!.toLowerCase()] : undefined;
  if (!(Number.isSafeInteger(max) && max > 0) || durationMs === undefined) throw new CodevError('CLI_USAGE', `--rate must be a count per second, minute or hour, not "${text}"`, { hint: HINT });
  return { max, durationMs };
}
