import { defineAgent } from 'codev';

/**
 * The agent `npm run agent` runs (`codev run agent.ts [prompt...]`), with the tools, hooks and rules of
 * this project. It calls the Anthropic Messages API, so it needs ANTHROPIC_API_KEY in the environment, or
 * ANTHROPIC_BASE_URL pointing at an Anthropic-compatible server. Set CODEV_MODEL to change the model.
 * `npm run try` runs it with no key and no network, against codev's offline fake model
 * (`codev fake-model -- codev run agent.ts`): it calls the tool the prompt names and quotes the result.
 */
export default defineAgent({
  system: 'You are a concise assistant working in this project. Use the tools you are given; say what you found.',
  prompt: 'How many words are in README.md? Use the WordCount tool.',
  maxTurns: 5,
});
