import { CodevError } from '../../errors/codev-error.ts';
import type { CompactionOptions, CompactionSettings } from './types.ts';

export const DEFAULT_CONTEXT_WINDOW = 200_000;
const DEFAULTS: CompactionSettings = { auto: true, threshold: 0.8, contextWindow: DEFAULT_CONTEXT_WINDOW, keepToolResults: 3, keepRecentMessages: 6 };

/** The compaction options with their defaults; a value out of range is `AGENT_INVALID` naming the field. */
export function compactionSettings(options: CompactionOptions = {}): CompactionSettings {
  const settings = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) } as CompactionSettings;
  const check = (field: keyof CompactionOptions, valid: boolean, expected: string) => {
    if (!valid) throw new CodevError('AGENT_INVALID', `compaction.${field} must be ${expected} (got ${JSON.stringify(settings[field])})`, { field: `compaction.${field}` });
  };
  check('threshold', settings.threshold >= 0.1 && settings.threshold <= 0.95, 'between 0.1 and 0.95');
  check('contextWindow', Number.isInteger(settings.contextWindow) && settings.contextWindow >= 1_000, 'a whole number of tokens, at least 1,000');
  check('keepToolResults', Number.isInteger(settings.keepToolResults) && settings.keepToolResults >= 0, 'a whole number, 0 or more');
  check('keepRecentMessages', Number.isInteger(settings.keepRecentMessages) && settings.keepRecentMessages >= 1, 'a whole number, 1 or more');
  return settings;
}
