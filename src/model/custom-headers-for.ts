/** The environment a client is made for (`process.env`, or an agent's `env`). */
type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The `defaultHeaders` of a model client made for `env`: the headers of its `ANTHROPIC_CUSTOM_HEADERS` (one
 * `Name: value` a line, as the SDK reads them), and each header the process's own variable names removed (null)
 * when `env` does not give it. The SDK's constructor reads that variable from `process.env` whatever the client
 * is for: an agent with its own environment (a fleet worker's, a tenant's) would send the process's headers (a
 * gateway's credential) to its own server. Undefined when neither has any.
 */
export function customHeadersFor(env: Environment, processEnv: Environment = process.env): Record<string, string | null> | undefined {
  const own = parseHeaders(env.ANTHROPIC_CUSTOM_HEADERS);
  const inherited = parseHeaders(processEnv.ANTHROPIC_CUSTOM_HEADERS);
  const headers: Record<string, string | null> = {};
  for (const name of Object.keys(inherited)) headers[name] = null;
  Object.assign(headers, own);
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text?.split('\n') ?? []) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
