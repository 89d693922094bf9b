async function loop() { let x = 0; for (let i = 0; i < 200000; i++) x += await Promise.resolve(i); return x; }
async function t(label) { await loop(); const t0 = performance.now(); await loop(); console.log(label, ((performance.now() - t0) * 1000 / 200000).toFixed(3), 'us/await'); }
await t('clean');
const ai = await import('ai');
await t('after import ai');
const ag = await import('@openai/agents-core');
await t('after import agents');
ag.setTracingDisabled(true);
const add = ag.tool({ name: 'add', description: 'add', parameters: (await import('zod')).z.object({ a: (await import('zod')).z.number() }), execute: ({ a }) => a });
const m = { async getResponse() { return { usage: new ag.Usage(), output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }] }; }, async *getStreamedResponse() {} };
await ag.run(new ag.Agent({ name: 'b', instructions: 'x', tools: [add], model: m }), 'go');
await t('after agents run');
