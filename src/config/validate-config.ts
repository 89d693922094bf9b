import { CodevError } from '../errors/codev-error.ts';
import { type CodevConfig, configSchema } from './config-schema.ts';
import { formatConfigIssues } from './format-config-issues.ts';

/**
 * Validates a config value against the schema and applies defaults. Throws ONE `CONFIG_INVALID` whose
 * message lists every problem as `field: what was expected; got what`, with `file` and the first `field` set.
 *
 * @example
 * validateConfig({ value: { permissions: { mode: 'yolo' } }, file: '/p/codev.config.ts' });
 * // CONFIG_INVALID: Invalid config (1 problem):
 * //   - permissions.mode: expected one of default, acceptEdits, ...; got "yolo"
 */
export function validateConfig(options: { value: unknown; file?: string }): CodevConfig {
  const result = configSchema.safeParse(options.value ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = formatConfigIssues({ issues: result.error.issues, schema: configSchema });
  const count = `${issues.length} problem${issues.length === 1 ? '' : 's'}`;
  const list = issues.map((issue) => `  - ${issue.field}: ${issue.problem}`).join('\n');
  throw new CodevError('CONFIG_INVALID', `Invalid config (${count}):\n${list}`, {
    file: options.file,
    field: issues[0]?.field,
    hint: 'fix the fields listed above; wrapping the config in defineConfig() lets the editor check them',
    cause: result.error,
  });
}
