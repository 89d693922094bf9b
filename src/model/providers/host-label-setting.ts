import { CodevError } from '../../errors/codev-error.ts';

/** A region (`us-east-1`, `us-east5`, `global`) or a Foundry resource (`my-Resource-01`): one DNS label, nothing else. */
export const HOST_LABEL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * `value` checked as one DNS label. The provider SDKs put a region or a resource into the host of their URL
 * (`bedrock-runtime.${region}.amazonaws.com`, `${region}-aiplatform.googleapis.com`,
 * `${resource}.services.ai.azure.com`): a `.`, `/`, `#`, `?`, `@` or `:` in it would move the request, and the
 * user's credentials with it, to another host. Such a value, wherever it came from (a flag, a job, a config, a
 * variable), is `CONFIG_INVALID`; a URL is given as `baseURL`.
 */
export function hostLabelSetting(value: string | undefined, options: { field: string; label: string }): string | undefined {
  if (value === undefined || HOST_LABEL_PATTERN.test(value)) return value;
  throw new CodevError('CONFIG_INVALID', `${options.label}: ${JSON.stringify(value)} is not a valid ${options.field} (letters, digits and hyphens only); it is put into the provider's host name`, {
    field: options.field,
    hint: 'give the name alone (e.g. us-east-1, europe-west1, my-resource); another server is given as baseURL',
  });
}
