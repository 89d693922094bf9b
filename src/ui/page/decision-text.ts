/** A permission decision in words: "allowed by rule X", "denied by hook H", "allowed by user (once)", ... */
import type { UiDecision } from '../types.ts';

export function decisionText(decision: UiDecision): string {
  const verb = decision.behavior === 'allow' ? 'allowed' : 'denied';
  switch (decision.source) {
    case 'user_temporary':
      return `${verb} by user (once)`;
    case 'user_permanent':
      return `${verb} by user (always)`;
    case 'user_reject':
      return 'denied by user';
    case 'user_abort':
      return 'denied by user (aborted)';
    case 'hook':
      return `${verb} by hook ${decision.hookName ?? ''}`.trimEnd();
  }
  if (decision.reason === 'hook' || decision.hookName) return `${verb} by hook ${decision.hookName ?? ''}`.trimEnd();
  if (decision.rule) return `${verb} by rule ${decision.rule}`;
  if (decision.reason === 'mode') return `${verb} by mode${decision.source && decision.source !== 'config' ? ` ${decision.source}` : ''}`;
  if (decision.reason) return `${verb} by ${decision.reason}`;
  return `${verb} by ${decision.source}`;
}
