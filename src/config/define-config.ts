import type { CodevConfigInput } from './config-schema.ts';

/**
 * Types a config: returns it unchanged (validation happens when codev loads it, so the error can name the
 * file). Use it as the default export of `codev.config.ts`.
 *
 * @example
 * export default defineConfig({
 *   plugins: ['./tools/deploy.ts'],
 *   permissions: { mode: 'acceptEdits', deny: ['Bash(git push *)'] },
 *   tools: { WebSearch: { backend: 'searxng' } },
 * });
 */
export function defineConfig(config: CodevConfigInput): CodevConfigInput {
  return config;
}
