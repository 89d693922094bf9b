// The error classes alone (the same classes as `Anthropic.APIError`...): the whole SDK is loaded only to make a client.
import { AnthropicError, APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';

/**
 * Whether an error is one of the Anthropic SDK's error classes, of codev's copy of the SDK or of ANOTHER copy:
 * codev bundles its own, while a provider package (`@anthropic-ai/bedrock-sdk`, `vertex-sdk`, `foundry-sdk`)
 * installed beside it brings the SDK as its own dependency, whose classes are not codev's. `instanceof` alone
 * would miss every error of a Bedrock, Vertex or Foundry client (a 429 not retried, a 401 not said as such);
 * the class is then told by its prototype chain's names, which the SDK's classes keep.
 */
function isSdkError<Class extends abstract new (...args: never[]) => unknown>(error: unknown, sdkClass: Class, name: string): error is InstanceType<Class> {
  if (error instanceof sdkClass) return true;
  return error instanceof Error && hasClassNamed(error, (className) => className === name);
}

/** Whether a class of `value`'s prototype chain has a name `matches` accepts (classes of another copy of a package). */
export function hasClassNamed(value: object, matches: (className: string) => boolean): boolean {
  for (let prototype = Object.getPrototypeOf(value) as object | null, depth = 0; prototype !== null && depth < 8; prototype = Object.getPrototypeOf(prototype) as object | null, depth++) {
    const className = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof className === 'string' && matches(className)) return true;
  }
  return false;
}

/** An `APIError` (an HTTP error, or an `error` event of a stream) of any copy of the SDK. */
export const isApiError = (error: unknown): error is APIError => isSdkError(error, APIError, 'APIError');
/** An `APIUserAbortError` (the request's signal aborted) of any copy of the SDK. */
export const isApiUserAbortError = (error: unknown): error is APIUserAbortError => isSdkError(error, APIUserAbortError, 'APIUserAbortError');
/** An `APIConnectionError` (no response: refused, reset, timed out) of any copy of the SDK. */
export const isApiConnectionError = (error: unknown): error is APIConnectionError => isSdkError(error, APIConnectionError, 'APIConnectionError');
/** Any error of any copy of the SDK (`AnthropicError`, the root of its classes). */
export const isAnthropicError = (error: unknown): error is AnthropicError => isSdkError(error, AnthropicError, 'AnthropicError');
