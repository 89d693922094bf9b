import type { FakeJinaFailure } from './types.ts';

const ERRORS: Record<FakeJinaFailure['status'], { name: string; status: number; message: string }> = {
  401: { name: 'AuthenticationFailedError', status: 40103, message: 'Invalid API key, please get a new one from https://jina.ai' },
  402: { name: 'InsufficientBalanceError', status: 40203, message: 'Account balance not enough to run this query, please recharge.' },
  409: { name: 'BudgetExceededError', status: 40904, message: 'Token budget exceeded' },
  413: { name: 'TargetFileTooLargeError', status: 41302, message: 'Target file is too large' },
  422: { name: 'AssertionFailureError', status: 42206, message: 'Failed to goto target URL: unreachable' },
  429: { name: 'RateLimitTriggeredError', status: 42903, message: "Whoa there, turbo! You've hit the rate limit" },
  451: { name: 'SecurityCompromiseError', status: 45102, message: 'Domain is blocked' },
  503: { name: 'ServiceNodeResourceDrainError', status: 50301, message: 'Service is overloaded, please try again later' },
};

/** The civkit-style error envelope Jina sends: `{data:null, code, name, status, message, readableMessage}`. */
export function jinaErrorBody(status: FakeJinaFailure['status'], message?: string): Record<string, unknown> {
  const known = ERRORS[status];
  const text = message ?? known.message;
  return { data: null, code: status, name: known.name, status: known.status, message: text, readableMessage: `${known.name}: ${text}` };
}
