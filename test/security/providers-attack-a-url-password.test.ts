/**
 * Attack: a provider's label (in its errors, warnings and `codev models`) names its URL with the user name and
 * password replaced by `***`. A password that holds an `@` (written raw, as people do: the URL parser takes the
 * last `@` as the end of the credentials) was cut at its first `@`: the rest of the password was printed.
 */
import { describe, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';

const REST = 'rest-of-the-password-9f86d081';
const URL_WITH_PASSWORD = `http://proxy-user:first@${REST}@127.0.0.1:9/anthropic`;

describe("a URL's password with an @ in it", () => {
  it('is not in the labels of a compatible server, Bedrock, Vertex or Foundry', () => {
    const env = { ANTHROPIC_FOUNDRY_API_KEY: 'k-loopback', AWS_EC2_METADATA_DISABLED: 'true', ANTHROPIC_VERTEX_PROJECT_ID: 'p1' };
    for (const provider of ['anthropic', 'bedrock', 'vertex', 'foundry'] as const) {
      const resolved = resolveModelProvider({ settings: { provider, baseURL: URL_WITH_PASSWORD }, env });
      expect(resolved.provider.label).not.toContain(REST);
      expect(resolved.provider.label).toContain('127.0.0.1:9');
    }
  });

  it('is not in the error of a Foundry URL without a key', () => {
    try {
      resolveModelProvider({ settings: { provider: 'foundry', baseURL: URL_WITH_PASSWORD }, env: {} });
      throw new Error('expected MODEL_NOT_CONFIGURED');
    } catch (error) {
      expect(CodevError.isInstance(error) && error.code).toBe('MODEL_NOT_CONFIGURED');
      expect(`${(error as CodevError).message} ${(error as CodevError).hint}`).not.toContain(REST);
    }
  });
});
