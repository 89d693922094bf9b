import type Anthropic from '@anthropic-ai/sdk';
import type { Span } from '@opentelemetry/api';
import type { Usage } from '../tool/agent-run.ts';
import { childContext, codevTracer } from './codev-tracer.ts';
import { SPAN_KIND_CLIENT } from './span-codes.ts';
import { usageAttributes } from './usage-attributes.ts';

/** Starts the `chat {model}` span of one model request (retries included), under the query's span. */
export function startChatSpan(options: { model: string; maxTokens: number; parent: Span }): Span {
  const span = codevTracer.startSpan(`chat ${options.model}`, { kind: SPAN_KIND_CLIENT }, childContext(options.parent));
  if (span.isRecording()) {
    span.setAttributes({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': options.model,
      'gen_ai.request.max_tokens': options.maxTokens,
    });
  }
  return span;
}

/** Ends a request's span with its reply: the model that answered, why it stopped, its tokens and cost. */
export function endChatSpan(span: Span, reply: { message: Anthropic.Message; usage: Usage; costUsd: number | null }): void {
  const { message } = reply;
  span.setAttributes(usageAttributes(reply.usage, reply.costUsd));
  span.setAttributes({ 'gen_ai.response.id': message.id, 'gen_ai.response.model': message.model });
  if (message.stop_reason) span.setAttribute('gen_ai.response.finish_reasons', [message.stop_reason]);
  span.end();
}
