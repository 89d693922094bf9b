import path from 'node:path';
import { loadConfig } from '../../config/load-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { isRemoteRepository } from '../../fleet/workspace/resolve-repository.ts';
import { waitForRedis } from '../../fleet/redis/wait-for-redis.ts';
import { checkLockSettings } from '../../fleet/worker/check-lock-settings.ts';
import { resolveModelProvider } from '../../model/providers/resolve-model-provider.ts';
import { providerOption } from './model-flags.ts';
import { WORKER_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { listenForStopSignals } from './listen-for-stop-signals.ts';
import { positiveIntegerOption } from './number-options.ts';
import { parseRate } from './parse-rate.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget, type FleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';

/** The options of `codev worker` (with the common ones: see `parseCommandLine`). */
export const WORKER_OPTIONS = {
  ...FLEET_TARGET_OPTIONS,
  concurrency: { type: 'string', short: 'c' },
  rate: { type: 'string' },
  'workspace-root': { type: 'string' },
  scripts: { type: 'string', multiple: true },
  'trust-workspace': { type: 'string', multiple: true },
  'lock-duration': { type: 'string' },
  'stalled-interval': { type: 'string' },
  'max-stalled': { type: 'string' },
  'no-model-check': { type: 'boolean' },
  provider: { type: 'string' },
  model: { type: 'string' },
} as const;

/**
 * `codev worker`: takes jobs from the fleet's queue and runs them until it is stopped. It waits for Redis
 * as long as it takes (saying so on stderr at each retry). The first SIGINT stops it once its running jobs
 * finish; SIGTERM stops it now, its running jobs' queries stopped and the jobs back in the queue, to go on
 * from their last checkpoint on another worker; a second signal of either quits at once. Exit 0 on a clean stop.
 * It refuses to start (`MODEL_NOT_CONFIGURED`) without a way to reach the model, unless `--no-model-check`
 * (its job scripts bring their own client or key), and stops at once on `FLEET_REDIS_AUTH_FAILED`.
 */
export async function workerCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, WORKER_OPTIONS);
  if (values.help) {
    io.stdout(WORKER_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CodevError('CLI_USAGE', `codev worker takes no arguments: ${positionals.join(' ')}`, { hint: 'the scripts come with the jobs: codev queue add agent.ts --prompt "..."' });
  const concurrency = positiveIntegerOption('concurrency', values.concurrency) ?? 1;
  const limiter = values.rate === undefined ? undefined : parseRate(values.rate);
  const lockDurationMs = positiveIntegerOption('lock-duration', values['lock-duration']);
  const stalledIntervalMs = positiveIntegerOption('stalled-interval', values['stalled-interval']);
  checkLockSettings({ lockDurationMs, stalledIntervalMs }, { lockDuration: '--lock-duration', stalledInterval: '--stalled-interval' });
  const maxStalledCount = positiveIntegerOption('max-stalled', values['max-stalled']);
  if (values.model?.trim() === '') throw new CodevError('CLI_USAGE', '--model needs a model id', { hint: 'e.g. --model claude-sonnet-4-6' });
  const provider = providerOption(values.provider);
  // The worker's provider and model are its jobs' defaults, as CODEV_PROVIDER and CODEV_MODEL would be: a job's or script's own win.
  const env = { ...io.env, ...(provider && { CODEV_PROVIDER: provider }), ...(values.model !== undefined && { CODEV_MODEL: values.model }) };
  if (!values['no-model-check']) checkModelAccess(env);
  const cwd = values.cwd ?? io.cwd;
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd, env: io.env });
  const trustedRepositories = await trustedRepositoriesOf({ flags: values['trust-workspace'] ?? [], cwd });
  const say = (line: string) => io.stderr(`codev worker: ${line}\n`);
  const stop = new AbortController();
  let force = false;
  let refusal: CodevError | undefined;
  const stopListening = listenForStopSignals((signal) => {
    force = signal === 'SIGTERM';
    say(force ? 'SIGTERM: stopping now; running jobs go back to the queue and go on from their last checkpoint' : 'stopping once the running jobs finish (Ctrl-C again to quit now; they then go back to the queue)');
    stop.abort();
  });
  try {
    if (!(await redisAnswers({ target, signal: stop.signal, say }))) return 0;
    return await withFleet(target, async (fleet) => {
      const worker = await fleet.worker({ concurrency, limiter, lockDurationMs, stalledIntervalMs, maxStalledCount, ...(values['workspace-root'] !== undefined && { workspaceRoot: values['workspace-root'] }), scriptRoots: (values.scripts ?? [cwd]).map((folder) => path.resolve(cwd, folder)), trustedRepositories, env, onLog: say, onRefused: (error) => {
        refusal = error;
        force = true;
        stop.abort();
      } });
      const rate = values.rate === undefined ? '' : `, at most ${values.rate} session starts over the queue`;
      say(`ready: ${worker.name} takes jobs from queue "${target.queue}" at ${redactRedisUrl(target.url)} (concurrency ${concurrency}${rate}); Ctrl-C or SIGTERM stops it`);
      await new Promise((resolve) => (stop.signal.aborted ? resolve(undefined) : stop.signal.addEventListener('abort', resolve, { once: true })));
      await worker.close({ force });
      if (refusal) throw refusal;
      say('stopped');
      return 0;
    });
  } finally {
    stopListening();
  }
}

/**
 * The repositories whose checkouts the worker loads projects from: `--trust-workspace` and the config's
 * `fleet.trustedRepositories` (the operator's, from the folder the worker runs in), local paths made absolute
 * from there, globs kept.
 */
async function trustedRepositoriesOf(options: { flags: readonly string[]; cwd: string }): Promise<string[]> {
  const configured = (await loadConfig({ cwd: options.cwd })).config.fleet?.trustedRepositories ?? [];
  return [...options.flags, ...configured].map((repo) => {
    const trimmed = repo.trim();
    if (trimmed === '' || trimmed.startsWith('-')) throw new CodevError('CLI_USAGE', `"${repo}" is not a repository to trust`, { hint: 'e.g. --trust-workspace git@github.com:acme/app.git (or a glob: git@github.com:acme/*)' });
    return isRemoteRepository(trimmed) ? trimmed : path.resolve(options.cwd, trimmed);
  });
}

/**
 * Refuses a worker that could run no job: the agents' own resolution of their provider (see
 * `resolveModelProvider`: `CODEV_PROVIDER`, `--provider`, then the provider's variables) finds nothing to talk to
 * in the worker's environment, so every job would take a model request's failure. The jobs stay in the queue for
 * a worker that can. The project's config is the jobs' (each loads its own), not the worker's.
 */
function checkModelAccess(env: Readonly<Record<string, string | undefined>>): void {
  try {
    resolveModelProvider({ env });
  } catch (error) {
    if (!CodevError.isInstance(error) || error.code !== 'MODEL_NOT_CONFIGURED') throw error;
    const anthropic = (env.CODEV_PROVIDER ?? 'anthropic') === 'anthropic';
    const what = anthropic ? 'neither ANTHROPIC_API_KEY nor ANTHROPIC_BASE_URL is set' : error.message;
    throw new CodevError('MODEL_NOT_CONFIGURED', `codev worker has no way to reach the model: ${what} in the worker's environment, so each job it took would fail`, {
      hint: `${anthropic ? 'set ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL for an Anthropic-compatible server)' : (error.hint ?? "set the provider's variables")} where the worker runs; when every job script brings its own client or key: codev worker --no-model-check`,
      cause: error,
    });
  }
}

/** Waits until Redis answers (true), saying why at each retry; false when stopped first. */
async function redisAnswers(options: { target: FleetTarget; signal: AbortSignal; say: (line: string) => void }): Promise<boolean> {
  try {
    const client = await waitForRedis({
      url: options.target.url,
      name: 'codev-worker:probe',
      signal: options.signal,
      onRetry: ({ delayMs, error }) => options.say(`${error.message}; retrying in ${Number((delayMs / 1_000).toFixed(2))} s`),
    });
    client.disconnect();
    return true;
  } catch (error) {
    if (options.signal.aborted) return false;
    throw error;
  }
}
