import { Agent, run, tool, setTracingDisabled, Usage } from '@openai/agents-core';
import { z } from 'zod';
setTracingDisabled(true);
const add = tool({ name: 'add', description: 'add', parameters: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b });
const k = Number(process.argv[2] ?? 32);
const calls = Array.from({ length: k }, (_, i) => ({ type: 'function_call', name: 'add', callId: `c${i}`, id: `c${i}`, status: 'completed', arguments: JSON.stringify({ a: i, b: 2 }) }));
const final = [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }];
let n = 0;
const m = { async getResponse() { return { usage: new Usage(), output: k && n++ % 2 === 0 ? calls : final }; }, async *getStreamedResponse() {} };
const agent = new Agent({ name: 'bench', instructions: 'x', tools: [add], model: m });
for (let r = 0; r < 6; r++) {
  const reps = 40;
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) await run(agent, 'go');
  console.log(k, ((performance.now() - t0) / reps * 1000).toFixed(0), 'us/run');
}
