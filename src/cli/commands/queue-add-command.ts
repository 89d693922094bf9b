import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';
import type { SubmitOptions } from '../../fleet/types.ts';
import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { positiveIntegerOption, positiveNumberOption } from './number-options.ts';
import { checkRuleFlags } from './check-rule-flags.ts';
import { permissionModeOption } from './tool-call-options.ts';
import { readPromptsFile } from './read-prompts-file.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import { noSuchScript } from './no-such-script.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';
import { hasRedisPassword, PASSWORD_NOTE, queueCommandLine } from './queue-command-line.ts';
import { providerOption } from './model-flags.ts';

/** The options of `codev queue add` (with the common ones: see `parseCommandLine`). */
export const QUEUE_ADD_OPTIONS = {
  ...FLEET_TARGET_OPTIONS,
  prompt: { type: 'string', short: 'p' },
  prompts: { type: 'string' },
  repo: { type: 'string' },
  ref: { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
  'permission-mode': { type: 'string' },
  'max-turns': { type: 'string' },
  'max-budget-usd': { type: 'string' },
  model: { type: 'string' },
  provider: { type: 'string' },
  attempts: { type: 'string' },
  'defer-asks': { type: 'boolean' },
  'allow-broken-plugins': { type: 'boolean' },
  'max-prompt-bytes': { type: 'string' },
} as const;

/** `codev queue add <agent.ts> --prompt "..." | --prompts tasks.jsonl`: submits jobs; prints their ids, one per line. */
export async function queueAddCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, QUEUE_ADD_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const cwd = values.cwd ?? io.cwd;
  const [script, ...extra] = positionals;
  if (!script) throw new CodevError('CLI_USAGE', 'Missing the agent script', { hint: 'codev queue add agent.ts --prompt "fix the failing test"' });
  if (extra.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${extra.join(' ')}`, { hint: 'the prompt goes in --prompt "..." (quoted), or many in --prompts tasks.jsonl' });
  if (!existsSync(path.resolve(cwd, script))) throw noSuchScript({ script, file: path.resolve(cwd, script), example: 'codev queue add agent.ts --prompt "..." (every worker needs it at the same absolute path)' });
  if ((values.prompt === undefined) === (values.prompts === undefined)) throw new CodevError('CLI_USAGE', 'Pass exactly one of --prompt and --prompts', { hint: 'one job: --prompt "..."; one job per line of a JSON Lines file: --prompts tasks.jsonl' });
  if (values.ref !== undefined && values.repo === undefined) throw new CodevError('CLI_USAGE', '--ref needs --repo', { hint: 'e.g. --repo git@github.com:acme/app.git --ref main' });
  const mode = permissionModeOption(values['permission-mode']);
  if (values.model?.trim() === '') throw new CodevError('CLI_USAGE', '--model needs a model id', { hint: 'e.g. --model claude-sonnet-4-6' });
  const provider = providerOption(values.provider);
  checkRuleFlags(values);
  const prompts = values.prompts === undefined ? undefined : await readPromptsFile({ file: values.prompts, cwd });
  const submission: Omit<SubmitOptions, 'prompt' | 'prompts'> = {
    script,
    cwd,
    ...(values.repo !== undefined && { workspace: { repo: values.repo, ...(values.ref !== undefined && { ref: values.ref }) } }),
    permissions: { ...(mode !== undefined && { mode }), ...(values.allow && { allow: values.allow }), ...(values.deny && { deny: values.deny }), ...(values.ask && { ask: values.ask }) },
    maxTurns: positiveIntegerOption('max-turns', values['max-turns']),
    maxBudgetUsd: positiveNumberOption('max-budget-usd', values['max-budget-usd']),
    attempts: positiveIntegerOption('attempts', values.attempts),
    // --provider goes in the job (the provider's keys stay with the workers); the script's model settings apply under it.
    ...((values.model !== undefined || provider !== undefined) && { model: provider ? { provider, ...(values.model !== undefined && { id: values.model }) } : values.model }),
    deferAsks: values['defer-asks'] === true,
    ...(values['allow-broken-plugins'] && { allowBrokenPlugins: true }),
    maxPromptBytes: positiveIntegerOption('max-prompt-bytes', values['max-prompt-bytes']),
  };
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd, env: io.env });
  const ids = await withFleet(target, async (fleet) => {
    if (prompts) return (await fleet.submit({ ...submission, prompts })).map((job) => job.id);
    return [(await fleet.submit({ ...submission, prompt: values.prompt! })).id];
  });
  io.stdout(ids.map((id) => `${id}\n`).join(''));
  io.stderr(`codev queue: added ${ids.length} job(s) to queue "${target.queue}" at ${redactRedisUrl(target.url)}; follow them with: ${queueCommandLine(target, ids.length === 1 ? `watch ${ids[0]}` : 'watch')}${hasRedisPassword(target) ? PASSWORD_NOTE : ''}\n`);
  return 0;
}
