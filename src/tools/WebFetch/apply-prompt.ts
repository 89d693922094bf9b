import { makeSecondaryModelPrompt } from './prompt.ts';
import type { WebFetchModelClient } from './types.ts';

/** Sends the page and the prompt to the small model and returns its text answer. */
export async function applyPrompt(options: {
  client: WebFetchModelClient;
  model: string;
  markdown: string;
  prompt: string;
  url: string;
  signal: AbortSignal;
}): Promise<string> {
  const message = await options.client.messages.create(
    {
      model: options.model,
      max_tokens: 2048,
      messages: [{ role: 'user', content: makeSecondaryModelPrompt(options) }],
    },
    { signal: options.signal },
  );
  const text = message.content
    .filter((block): block is Extract<typeof block, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n')
    .trim();
  return text || 'The model returned no answer.';
}
