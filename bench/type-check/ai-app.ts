/**
 * type-check's consumer app for the Vercel AI SDK (bench/type-check.mjs copies it into a project with ai and zod
 * installed): the same program as codev-app.ts in the AI SDK's terms, a tool of its own and generateText with it.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const shout = tool({
  description: 'Say a message loudly',
  inputSchema: z.object({ message: z.string() }),
  execute: async ({ message }) => message.toUpperCase(),
});

const result = await generateText({
  model: 'anthropic/claude-sonnet-4.5',
  tools: { shout },
  stopWhen: stepCountIs(3),
  prompt: 'Shout "hello" and tell me what came back',
});
for (const step of result.steps) for (const toolResult of step.toolResults) console.log(toolResult.output);
console.log(result.text);
