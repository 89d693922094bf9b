import type { Span } from '@opentelemetry/api';
import { CodevError } from '../../errors/codev-error.ts';
import { endChatSpan } from '../../telemetry/chat-span.ts';
import { failSpan } from '../../telemetry/fail-span.ts';
import type { Spending } from '../../tool/spending.ts';
import { fromApiUsage } from '../../model/from-api-usage.ts';
import type { ModelTurnOutcome } from '../request-model-turn.ts';
import { pricedModel, type PricingProvider } from './priced-model.ts';

/**
 * Ends a model request's `chat` span as the request ended: with the reply's tokens and cost (priced here
 * only when the span records: `recordReply` counts the spending), failed with the model error, or plainly
 * for an abort, which is no failure.
 */
export function endRequestSpan(span: Span, request: { outcome: ModelTurnOutcome; spending: Spending; model: string; provider?: PricingProvider }): void {
  const { outcome } = request;
  if (outcome.type === 'message' && span.isRecording()) {
    const usage = fromApiUsage(outcome.message.usage);
    return endChatSpan(span, { message: outcome.message, usage, costUsd: request.spending.costOf(pricedModel({ requested: request.model, answered: outcome.message.model, provider: request.provider }), usage) });
  }
  if (outcome.type === 'error') failSpan(span, { type: outcome.error.code, message: outcome.error.message, thrown: new CodevError(outcome.error.code, outcome.error.message) });
  span.end();
}
