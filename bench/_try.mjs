import { generateText, tool, stepCountIs, jsonSchema } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
const add = tool({ description: 'add', inputSchema: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
function model(k) {
  const calls = Array.from({ length: k }, (_, i) => ({ type: 'tool-call', toolCallId: `c${i}`, toolName: 'add', input: JSON.stringify({ a: i, b: 2 }) }));
  const first = { content: calls, finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] };
  const second = { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
  let n = 0;
  return new MockLanguageModelV3({ doGenerate: async () => (n++ % 2 === 0 ? first : second) });
}
for (const k of [1, 10, 50, 200, 1000]) {
  const m = model(k);
  const r = await generateText({ model: m, prompt: 'go', tools: { add }, stopWhen: stepCountIs(2) });
  if (k===1) console.log(r.text, r.steps.length, JSON.stringify(r.steps[0].toolResults[0]).slice(0,300), JSON.stringify(r.response.messages).slice(0,500));
  const reps = Math.max(3, Math.floor(2000 / k));
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) await generateText({ model: m, prompt: 'go', tools: { add }, stopWhen: stepCountIs(2) });
  const t = (performance.now() - t0) / reps;
  console.log(k, t.toFixed(1), 'ms/run', (t*1000/k).toFixed(1), 'us/call');
}
