// The worker thread that runs the Node fallback's regular expressions, so that a pattern that backtracks
// for minutes (`(a+)+$`) costs a thread that can be terminated, never codev's event loop.
import { parentPort, workerData } from 'node:worker_threads';

// The built package hands over JavaScript; a run from source hands over TypeScript, which jiti compiles.
const { matchFileUrl } = workerData;
const { compilePattern, matchFile } = matchFileUrl.endsWith('.ts')
  ? await (await import('jiti')).createJiti(import.meta.url).import(matchFileUrl)
  : await import(matchFileUrl);

parentPort.once('message', async ({ files, match }) => {
  const regex = compilePattern(match);
  for (const file of files) {
    const hits = await matchFile({ file, regex, match });
    if (hits) parentPort.postMessage({ hits });
  }
  parentPort.postMessage({ done: true });
});
