/**
 * A raw BullMQ worker process, the baseline of the `versus-bullmq` case: a `Worker` on the same Redis whose
 * processor returns at once, from the `bullmq` of the measured build's `node_modules`. Started by
 * `start-worker-process.mjs` (`script: 'raw'`) with one JSON argument `{ bullmqModule, redisUrl, queue, name,
 * concurrency }`; it speaks the same IPC as `worker-process.mjs` (`ready`, `cpu`, `close`).
 */
const config = JSON.parse(process.argv[2] ?? '{}');
const { Worker } = await import(config.bullmqModule);
const worker = new Worker(config.queue, async () => ({ done: true }), { connection: { url: config.redisUrl }, concurrency: config.concurrency, name: config.name });
await worker.waitUntilReady();
process.send?.({ type: 'ready', name: config.name });
process.on('message', async (message) => {
  if (message?.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
  if (message?.type !== 'close') return;
  await worker.close(true);
  process.exit(0);
});
process.on('disconnect', () => process.exit(0));
