// The worker thread that runs the Node fallback's regular expressions, so that a pattern that backtracks
// for minutes (`(a+)+$`) costs a thread that can be terminated, never codev's event loop.
import { parentPort } from 'node:worker_threads';
import { createJiti } from 'jiti';

const { compilePattern, matchFile } = await createJiti(import.meta.url).import(new URL('./match-file.ts', import.meta.url).href);

parentPort.once('message', async ({ files, match }) => {
  const regex = compilePattern(match);
  for (const file of files) {
    const hits = await matchFile({ file, regex, match });
    if (hits) parentPort.postMessage({ hits });
  }
  parentPort.postMessage({ done: true });
});
