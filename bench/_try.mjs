import { Agent, run, tool, setTracingDisabled, Usage } from '@openai/agents-core';
import { z } from 'zod';
setTracingDisabled(true);
const add = tool({ name: 'add', description: 'add', parameters: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b });
function model(k) {
  const calls = Array.from({ length: k }, (_, i) => ({ type: 'function_call', name: 'add', callId: `c${i}`, id: `c${i}`, status: 'completed', arguments: JSON.stringify({ a: i, b: 2 }) }));
  const final = [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }];
  let n = 0;
  if (k === 0) return { async getResponse() { return { usage: new Usage(), output: final }; }, async *getStreamedResponse() {} };
  return { async getResponse() { return { usage: new Usage(), output: n++ % 2 === 0 ? calls : final }; }, async *getStreamedResponse() { throw new Error('no'); } };
}
async function time(k, reps) {
  const agent = new Agent({ name: 'bench', instructions: 'x', tools: [add], model: model(k) });
  for (let i = 0; i < 50; i++) await run(agent, 'go');
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) await run(agent, 'go');
  return (performance.now() - t0) / reps * 1000;
}
const base0 = await time(0, 1000);
const base1 = await time(1, 1000);
console.log('0 calls', base0.toFixed(0), 'us; 1 call', base1.toFixed(0), 'us; diff', (base1-base0).toFixed(0));
for (const k of [2, 4, 8, 16, 32, 64]) {
  const t = await time(k, Math.max(20, Math.floor(2000 / k)));
  console.log(k, t.toFixed(0), 'us/run; marginal vs 1:', ((t - base1) / (k - 1)).toFixed(1), 'us/call');
}
