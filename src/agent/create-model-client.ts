import Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';

/**
 * The model client: the real SDK client, keyed from `apiKey` or `ANTHROPIC_API_KEY`, pointed at `baseURL` or
 * `ANTHROPIC_BASE_URL` (any Anthropic-compatible server). With neither a key nor a base URL there is
 * nothing to talk to: `MODEL_NOT_CONFIGURED` says which variable to set.
 */
export function createModelClient(options: {
  apiKey?: string;
  baseURL?: string;
  maxRetries?: number;
  env: Readonly<Record<string, string | undefined>>;
}): Anthropic {
  const baseURL = options.baseURL ?? options.env.ANTHROPIC_BASE_URL;
  const apiKey = options.apiKey ?? options.env.ANTHROPIC_API_KEY ?? (baseURL ? 'codev-no-key' : undefined);
  if (!apiKey) {
    throw new CodevError('MODEL_NOT_CONFIGURED', 'No model API key: ANTHROPIC_API_KEY is not set', {
      hint: 'export ANTHROPIC_API_KEY=sk-ant-... (or ANTHROPIC_BASE_URL=http://... for an Anthropic-compatible server)',
    });
  }
  return new Anthropic({ apiKey, baseURL, maxRetries: options.maxRetries ?? 2 });
}
