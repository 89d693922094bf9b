import type { ToolUseContext } from '../../execution/types.ts';
import type Anthropic from '@anthropic-ai/sdk';
import { runPostCompactHooks, runPreCompactHooks } from '../../hooks/run-compact-hooks.ts';
import { runSessionStartHooks } from '../../hooks/run-session-start-hooks.ts';
import type { CompactTrigger } from '../../hooks/session-hook-types.ts';
import type { LimitReached } from '../../tool/spending.ts';
import type { TurnAgent } from '../turn/types.ts';
import type { AgentEvent, ModelError } from '../types.ts';
import { clearOldToolResults } from './clear-old-tool-results.ts';
import { estimateContextTokens, estimateTokens } from './estimate-tokens.ts';
import { splitForSummary } from './split-for-summary.ts';
import { summarizeConversation } from './summarize-conversation.ts';

/**
 * What a compaction ended in: done (with what it did), not possible, failed (the summary request), stopped
 * by a query limit (the summary request could not be held: the event to yield), or aborted.
 */
export type CompactionOutcome = { type: 'compacted'; tokensAfter: number } | { type: 'unchanged' } | { type: 'error'; error: ModelError } | { type: 'limit-reached'; event: LimitReached } | { type: 'aborted' };

/** The text that opens the summary message, so the model knows what it reads. */
export const SUMMARY_PREFIX = 'This session continues an earlier conversation that grew too long for the context window. What happened before, summarized:\n\n';

/**
 * Compacts the agent's conversation in place, in two steps:
 * 1. old tool results are replaced by stubs (what call, how large, where the full result is saved);
 * 2. if it is still over half the window (or `trigger` is not `auto`), the older messages are replaced by a
 *    summary the model writes, keeping the latest ones as they are.
 * A top-level agent runs the PreCompact hooks first (their instructions join the summary prompt), after a
 * summary the SessionStart hooks with source `compact` (their context joins it), and the PostCompact hooks last. The new conversation is written to the transcript as one `compact` entry, and a
 * `compact-boundary` event says what changed. `overflow` (the API refused the request as too long) clears
 * every tool result and keeps fewer messages. When the summary request fails, an automatic or overflow
 * compaction keeps the cleared tool results (a warning says the summary failed): the next request may fit
 * with them alone. An abort (during the hooks too) ends it before anything changes.
 */
export async function* compactConversation(options: {
  agent: TurnAgent;
  context: ToolUseContext;
  signal: AbortSignal;
  trigger: CompactTrigger;
  instructions?: string;
}): AsyncGenerator<AgentEvent, CompactionOutcome, void> {
  const { agent, context, signal, trigger } = options;
  const settings = agent.compaction;
  const tokensBefore = estimateContextTokens(agent.messages, agent.contextSize.usage);
  const hookOptions = { hooks: context.hooks, cwd: context.cwd, permissionMode: context.permissionContext.mode, signal, trigger, tokensBefore };
  const instructions = options.instructions ? [options.instructions] : [];
  if (agent.topLevel) {
    const pre = await runPreCompactHooks({ ...hookOptions, customInstructions: options.instructions });
    for (const failure of pre.failures) context.onWarning?.(failure);
    instructions.push(...pre.instructions);
  }
  // An interrupt during the hooks (which abandoned them) ends the compaction before it changes anything.
  if (signal.aborted) return { type: 'aborted' };
  const overflow = trigger === 'overflow';
  let { messages, cleared } = clearOldToolResults(agent.messages, overflow ? 0 : settings.keepToolResults);
  let summary: string | undefined;
  if (trigger !== 'auto' || estimateTokens(messages) > settings.contextWindow / 2) {
    // By hand or on overflow, a short conversation is summarized too: at most half of it is kept.
    const keep = trigger === 'auto' ? settings.keepRecentMessages : Math.min(overflow ? 2 : settings.keepRecentMessages, Math.floor(messages.length / 2));
    const split = splitForSummary(messages, keep);
    if (split > 0) {
      const written = yield* summarizeConversation({ client: agent.client, model: agent.model, provider: agent.provider, messages: messages.slice(0, split), instructions, contextWindow: settings.contextWindow, signal, policy: agent.requestPolicy, spending: agent.spending });
      if ('aborted' in written) return { type: 'aborted' };
      if ('limitReached' in written) return { type: 'limit-reached', event: written.limitReached };
      if ('error' in written) {
        // Cleared tool results alone may fit the next request: better than ending on CONTEXT_OVERFLOW. A
        // compaction by hand asked for the summary, and says it failed.
        if (cleared === 0 || trigger === 'manual') return { type: 'error', error: written.error };
        context.onWarning?.(`The conversation could not be summarized (${written.error.message}); ${cleared} old tool result(s) were cleared instead.`);
      } else {
        summary = written.summary;
        messages = [{ role: 'user', content: [{ type: 'text', text: `${SUMMARY_PREFIX}${summary}` }] }, ...messages.slice(split)];
      }
    }
  }
  if (cleared === 0 && summary === undefined) return { type: 'unchanged' };
  if (agent.topLevel && summary !== undefined) {
    // The conversation starts again from the summary: SessionStart hooks (source `compact`) add their context to it.
    const started = await runSessionStartHooks({ hooks: context.hooks, cwd: context.cwd, permissionMode: context.permissionContext.mode, signal, source: 'compact', model: agent.model });
    for (const failure of started.failures) context.onWarning?.(failure);
    const reminders = started.additionalContext.map((text) => ({ type: 'text' as const, text: `<system-reminder>${text}</system-reminder>` }));
    if (reminders.length > 0) messages[0] = { role: 'user', content: [...(messages[0]!.content as Anthropic.TextBlockParam[]), ...reminders] };
  }
  const tokensAfter = estimateTokens(messages);
  agent.messages.splice(0, agent.messages.length, ...messages);
  agent.contextSize.usage = undefined;
  await agent.transcript.compacted(agent.messages, { trigger, tokensBefore, tokensAfter });
  yield { type: 'compact-boundary', trigger, tokensBefore, tokensAfter, clearedToolResults: cleared, summarized: summary !== undefined };
  if (agent.topLevel) for (const failure of await runPostCompactHooks({ ...hookOptions, tokensAfter, summary })) context.onWarning?.(failure);
  return { type: 'compacted', tokensAfter };
}
