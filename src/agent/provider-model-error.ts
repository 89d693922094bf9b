import { isApiError } from '../model/sdk-error-kinds.ts';
import { isPassingTokenFailure } from './google-token-failure.ts';
import { errorMessage } from '../errors/codev-error.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import type { ModelError } from './types.ts';
import { deepestMessage } from './model-unreachable-error.ts';

/**
 * The error of a request to Bedrock, Vertex or Foundry that says which provider, region or project refused it
 * and what to do there, or undefined when `toModelError`'s general one says it as well (rate limits, overloads,
 * 5xx, streams). Codes are the general ones: `MODEL_AUTHENTICATION_FAILED` (401/403, no credentials),
 * `MODEL_REQUEST_FAILED` (404: no such model there), `MODEL_NOT_CONFIGURED` (Vertex without a project).
 */
export function providerModelError(error: unknown, context: { provider: ModelProvider; model?: string }): ModelError | undefined {
  const { provider } = context;
  if (provider.name === 'anthropic') return undefined;
  const model = context.model ?? 'the model';
  const text = errorMessage(error);
  if (provider.name === 'vertex' && /No projectId was given/.test(text)) {
    return { code: 'MODEL_NOT_CONFIGURED', retryable: false, message: `${provider.label} needs a Google Cloud project and found none in the settings or the credentials: set model.projectId, or ANTHROPIC_VERTEX_PROJECT_ID (or GOOGLE_CLOUD_PROJECT).` };
  }
  if (provider.name === 'vertex' && /Failed to acquire Google OAuth credentials/.test(text) && isPassingTokenFailure(error)) {
    return { code: 'MODEL_UNREACHABLE', reason: 'timeout', retryable: true, message: `${provider.label}: Google's token endpoint failed for now (${deepestMessage(error)}); the request was not sent.` };
  }
  if (provider.name === 'vertex' && /Failed to acquire Google OAuth credentials/.test(text)) {
    return { code: 'MODEL_AUTHENTICATION_FAILED', retryable: false, message: `${provider.label}: no Google credentials could be had (${deepestMessage(error)}): set GOOGLE_APPLICATION_CREDENTIALS to a credentials file, or run gcloud auth application-default login.` };
  }
  if (provider.name === 'bedrock' && /Could not load credentials|CredentialsProviderError/i.test(`${text} ${deepestMessage(error)}`)) {
    return { code: 'MODEL_AUTHENTICATION_FAILED', retryable: false, message: `${provider.label}: no AWS credentials were found: set AWS_PROFILE (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK.` };
  }
  if (!isApiError(error) || error.status === undefined) return undefined;
  const { status } = error;
  const requestId = error.requestID ?? undefined;
  const detail = error.apiMessage ?? text;
  const region = provider.region ?? '';
  if (status === 401 || status === 403) {
    const fix = {
      bedrock: `check the AWS credentials (AWS_PROFILE, AWS_ACCESS_KEY_ID, or AWS_BEARER_TOKEN_BEDROCK) and their bedrock:InvokeModelWithResponseStream permission, enable model access in the Bedrock console for ${region}, or pick another --region`,
      vertex: 'check the Google credentials (GOOGLE_APPLICATION_CREDENTIALS, or gcloud auth application-default login), that the Vertex AI API is enabled in the project and the model enabled in its Model Garden',
      foundry: 'check ANTHROPIC_FOUNDRY_API_KEY (or model.apiKey): the key of this Foundry resource',
    }[provider.name];
    return { code: 'MODEL_AUTHENTICATION_FAILED', status, requestId, retryable: false, message: `${provider.label} refused model ${model} (${status}: ${detail}): ${fix}.` };
  }
  if (status === 404 || (status === 400 && /model identifier|on-demand throughput|inference profile/i.test(detail))) {
    const fix = {
      bedrock: `enable model access in the Bedrock console for ${region}, give the inference profile id (e.g. us.anthropic.…) in the config's model.models, or pick another --region`,
      vertex: `enable the model in Model Garden for the project, or use a region that offers it (model.region, CLOUD_ML_REGION)`,
      foundry: 'deploy the model in this Foundry resource, or check ANTHROPIC_FOUNDRY_RESOURCE (or model.resource)',
    }[provider.name];
    return { code: 'MODEL_REQUEST_FAILED', status, requestId, retryable: false, message: `${provider.label} has no model ${model} (${status}: ${detail}): ${fix}.` };
  }
  return undefined;
}
