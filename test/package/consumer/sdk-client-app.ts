// A consumer who also uses @anthropic-ai/sdk directly (type-checked only, by test/package/types-imports.test.ts):
// codev's declarations carry their own copy of the Messages types and a structural client, which must accept the
// SDK's client and exchange messages and content blocks with the SDK's types in both directions.
import Anthropic from '@anthropic-ai/sdk';
import type { AgentOptions, AgentScope, MessageEntry, PromptPart } from 'codev';

export const options: Pick<AgentOptions, 'client'> = { client: new Anthropic({ apiKey: 'key' }) };

export function exchange(sdkMessage: Anthropic.MessageParam, block: Anthropic.ContentBlockParam): Anthropic.MessageParam {
  const message: MessageEntry['message'] = sdkMessage;
  const part: PromptPart = block;
  return { role: message.role === 'assistant' ? 'assistant' : 'user', content: typeof part === 'string' ? part : message.content };
}

export async function askModel(scope: AgentScope): Promise<string> {
  const reply = await scope.client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
  return reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}
