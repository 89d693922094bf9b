import { CodevError } from '../../../errors/codev-error.ts';
import { serveUi, type UiServer } from '../../../ui/server/serve-ui.ts';
import { UI_HELP } from '../../help.ts';
import { parseCommandLine, refuseArguments } from '../../parse-command-line.ts';
import { redactRedisUrl } from '../../../fleet/redis/redact-redis-url.ts';
import { stopOnSignals } from '../stop-on-signals.ts';
import type { CommandIo } from '../types.ts';
import { openBrowser } from './open-browser.ts';
import { resolveUiFleet } from './resolve-ui-fleet.ts';
import { writeOpenPage, type OpenPage } from './write-open-page.ts';
import { UI_OPTIONS, uiSettings, type UiSettings } from './ui-options.ts';

/** How long closing (streams, connections, the kernel, the fleet) may take after a signal before the command quits anyway. */
const CLOSE_BOUND_MS = 8_000;

/**
 * `codev ui`: serves a page over the project's sessions, its fleet and its tool pool on loopback, until SIGINT
 * or SIGTERM (exit 130, 143; a second signal quits at once). Prints, in one write, the URL that lets a browser
 * in (its token) and what it serves.
 */
export async function uiCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, UI_OPTIONS);
  if (values.help) {
    io.stdout(UI_HELP);
    return 0;
  }
  refuseArguments(positionals, 'codev ui [--port N] [--host H] [--token T] [--open] [--redis URL] [--queue NAME] (codev ui --help)');
  const settings = uiSettings({ values, cwd: io.cwd, env: io.env });
  const fleet = await resolveUiFleet({ ...(settings.redis !== undefined && { redis: settings.redis }), ...(settings.queue !== undefined && { queue: settings.queue }), cwd: settings.cwd, env: io.env });
  const stop = stopOnSignals(io);
  let openPage: OpenPage | undefined;
  try {
    const server = await listen(settings, { fleet, env: io.env });
    io.stderr(describe(server, settings, fleet));
    if (settings.open) {
      // The opener gets an owner-only file, never the token on its command line (readable by every local user).
      const warn = (message: string) => io.stderr(`codev ui: warning: ${message}\n`);
      try {
        openPage = writeOpenPage(server.loginUrl);
        openBrowser(openPage.path, warn);
      } catch (error) {
        warn(`could not write the page that opens the browser (${error instanceof Error ? error.message : String(error)}); open the URL yourself`);
      }
    }
    await new Promise<void>((resolve) => {
      if (stop.signal.aborted) resolve();
      stop.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_BOUND_MS)));
    if ((await Promise.race([server.close(), late])) === 'late') io.stderr(`codev ui: closing took more than ${CLOSE_BOUND_MS / 1000} s; quitting anyway\n`);
    clearTimeout(timer);
    return stop.exitCode ?? 0;
  } finally {
    openPage?.remove();
    stop.dispose();
  }
}

/** Serves on the port asked for; the default port, when busy, gives way to any free one. */
async function listen(settings: UiSettings, options: { fleet: { redis: string; queue: string } | undefined; env: CommandIo['env'] }): Promise<UiServer> {
  const serve = (port: number) =>
    serveUi({ cwd: settings.cwd, host: settings.host, port, env: options.env, ...(settings.token !== undefined && { token: settings.token }), ...(options.fleet ?? {}) });
  try {
    return await serve(settings.port);
  } catch (error) {
    const busy = CodevError.isInstance(error) && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
    if (!settings.fallBack || !busy) throw error;
    return serve(0);
  }
}

/** One write: whoever reads the URL off stderr (a script, a test) has the token in the same chunk. */
function describe(server: UiServer, settings: UiSettings, fleet: { redis: string; queue: string } | undefined): string {
  const context = server.context;
  const fleetLine = !fleet ? 'no fleet (set CODEV_REDIS_URL or pass --redis URL to see one)' : context.fleetError ? `fleet ${redactRedisUrl(fleet.redis)} queue ${fleet.queue}: unreachable (${context.fleetError.code}); the page says why` : `fleet ${redactRedisUrl(fleet.redis)} queue ${fleet.queue}`;
  // A token of the user's own (--token, CODEV_UI_TOKEN) stays out of logs: they know it.
  const url = settings.token === undefined ? server.loginUrl : `${server.url}?token=<your token>`;
  return [
    `codev ui: ${url}\n`,
    `codev ui: serving ${context.projectRoot} (sessions in ${context.sessionsDirectory}; ${fleetLine})\n`,
    settings.port !== 0 && settings.port !== server.port ? `codev ui: port ${settings.port} is busy: serving on ${server.port}\n` : '',
    'codev ui: Ctrl-C stops it\n',
  ].join('');
}
