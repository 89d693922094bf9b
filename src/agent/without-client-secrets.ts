import type Anthropic from '@anthropic-ai/sdk';
import { redactSecrets } from '../processes/redact-secrets.ts';
import type { ModelError } from './types.ts';

/** The fields the SDK clients keep their credentials in: Anthropic's and Foundry's key or token, a Bedrock API key, AWS keys, a Google token. */
const CREDENTIAL_FIELDS = ['apiKey', 'authToken', 'awsSecretKey', 'awsSessionToken', 'accessToken'] as const;

/** What resolveModelAccess gives a keyless compatible server: not a secret. */
const NO_KEY = 'codev-no-key';

/**
 * `error` with the client's own credentials redacted from its message. A server's words are quoted in it (a 401's
 * "invalid x-api-key: sk-…", a proxy echoing the request's headers), and the message goes to the terminal, the
 * transcript and a fleet job's result in Redis: the server may have seen the key, nothing codev writes repeats it.
 */
export function withoutClientSecrets(error: ModelError, client: Anthropic): ModelError {
  const secrets = CREDENTIAL_FIELDS.flatMap((field) => {
    const value = (client as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' && value !== NO_KEY ? [{ name: `model.${field}`, value }] : [];
  });
  if (secrets.length === 0) return error;
  const message = redactSecrets(error.message, secrets);
  return message === error.message ? error : { ...error, message };
}
