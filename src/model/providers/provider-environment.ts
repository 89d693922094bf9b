import { customHeadersFor } from '../custom-headers-for.ts';
import type { ModelSettings } from './types.ts';

/** The environment a provider reads its settings from (`process.env`, or an agent's `env`). */
export type ProviderEnvironment = Readonly<Record<string, string | undefined>>;

/** The options every provider's factory takes: its settings (the provider named) and the environment. */
export interface ProviderFactoryOptions<Module> {
  settings: ModelSettings;
  env: ProviderEnvironment;
  /** Loads the provider's SDK package (tests replace it); default the package's own `import()`. */
  load?: () => Promise<Module>;
}

/** A variable's value, or undefined when unset or empty (as the SDKs' `readEnv` treats them). */
export function variable(env: ProviderEnvironment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The client options every provider shares: retries, the SDK's own spans off unless asked for, and the headers of
 * `env`'s ANTHROPIC_CUSTOM_HEADERS, never the process's (see `customHeadersFor`).
 */
export function commonClientOptions(options: { maxRetries: number; sdkSpans?: boolean }, env: ProviderEnvironment): { maxRetries: number; openTelemetry?: false; defaultHeaders?: Record<string, string | null> } {
  const defaultHeaders = customHeadersFor(env);
  return { maxRetries: options.maxRetries, ...(!options.sdkSpans && { openTelemetry: false as const }), ...(defaultHeaders && { defaultHeaders }) };
}

/**
 * A URL fit for a message: a user name and password in it replaced by `***`, up to the last `@` before the host
 * ends (as the URL parser reads it: a raw `@` in a password belongs to the password).
 */
export function urlForMessages(url: string): string {
  return url.trim().replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?)[^/?#]*@/i, '$1***@').replace(/\/+$/, '');
}
