// Evaluates plugin and config files in a worker thread, so that codev learns whether an import finishes
// before evaluating the file in the host, where a synchronous loop would freeze everything. `codev` is
// served as a stand-in that accepts any use: the probe only asks whether evaluation ends; the host's own
// import reports every real error. Plain JavaScript, so the worker needs no TypeScript loader of its own.
import { parentPort } from 'node:worker_threads';
import { createJiti } from 'jiti';

/** A value that accepts any property read, call or construction, and is never a thenable. */
function standIn() {
  const proxy = new Proxy(function () {}, {
    get: (_, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : proxy),
    apply: () => proxy,
    construct: () => proxy,
  });
  return proxy;
}

// The file's top-level logging shows once, from the host's import.
for (const stream of [process.stdout, process.stderr]) stream.write = () => true;

const jiti = createJiti(import.meta.url, { moduleCache: false, interopDefault: false, virtualModules: { codev: standIn() } });

parentPort.postMessage({ ready: true });
parentPort.on('message', async ({ id, file }) => {
  try {
    await jiti.import(file);
  } catch {
    // The host's import reports it, with file, line and hint.
  }
  parentPort.postMessage({ id });
});
