import { withoutCredentials } from './without-credentials.ts';

/**
 * What a `MODEL_UNREACHABLE` message adds when the environment names a proxy for `url` (`HTTPS_PROXY` for
 * https://, `HTTP_PROXY` for http://, either case): Node's fetch goes through it only with
 * `NODE_USE_ENV_PROXY=1` (or `--use-env-proxy`, Node 22.21+ and 24+), so a user behind a proxy who set only
 * `HTTPS_PROXY` learns that codev went around it, and one whose proxy was used learns the failure may be the
 * proxy's. The proxy is named without its user name and password. Empty when no proxy variable applies.
 */
export function proxyNote(options: { url: string; env?: NodeJS.ProcessEnv }): string {
  const env = options.env ?? process.env;
  const name = options.url.startsWith('https:') ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  const proxy = env[name] || env[name.toLowerCase()];
  if (!proxy) return '';
  const shown = withoutCredentials(proxy);
  const used = env.NODE_USE_ENV_PROXY === '1' || /(^|\s)--use-env-proxy(\s|$)/.test(env.NODE_OPTIONS ?? '') || process.execArgv.includes('--use-env-proxy');
  if (used) return ` The request went through the proxy ${shown} (${name}): is it up, and does it let ${options.url} through?`;
  return ` ${name} is set (${shown}), but the request did not go through it: Node's fetch uses it only with NODE_USE_ENV_PROXY=1 (Node 22.21+ or 24+).`;
}
