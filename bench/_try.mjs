import { Agent, run, tool, setTracingDisabled, Usage } from '@openai/agents-core';
import { z } from 'zod';
setTracingDisabled(true);
const add = tool({ name: 'add', description: 'add', parameters: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b });
function model(k) {
  const calls = Array.from({ length: k }, (_, i) => ({ type: 'function_call', name: 'add', callId: `c${i}`, id: `c${i}`, status: 'completed', arguments: JSON.stringify({ a: i, b: 2 }) }));
  const final = [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }];
  let n = 0;
  return { async getResponse() { return { usage: new Usage(), output: n++ % 2 === 0 ? calls : final }; }, async *getStreamedResponse() { throw new Error('no'); } };
}
for (const k of [1, 10, 50, 200, 1000]) {
  const agent = new Agent({ name: 'bench', instructions: 'x', tools: [add], model: model(k) });
  const r = await run(agent, 'go');
  if (k===1) console.log(r.finalOutput, r.newItems.length, JSON.stringify(r.newItems.map(i=>i.rawItem)).slice(0,600));
  const reps = Math.max(3, Math.floor(2000 / k));
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) await run(agent, 'go');
  const t = (performance.now() - t0) / reps;
  console.log(k, t.toFixed(1), 'ms/run', (t*1000/k).toFixed(1), 'us/call');
}
