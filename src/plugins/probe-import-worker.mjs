// Evaluates plugin and config files in a worker thread, so that codev learns whether an import finishes
// before evaluating the file in the host, where a synchronous loop would freeze everything. `codev` and
// `codev/plugin` are served as a stand-in that accepts any use: the probe only asks whether evaluation
// ends; the host's own import reports every real error. Plain JavaScript, so the worker needs no TypeScript loader of its own.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createJiti } from 'jiti';

// The files an import reads (the file, its local imports, data it reads at top level), so that codev can
// skip the probe next time if none of them changed. jiti reads sources through fs.readFileSync.
let reading;
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  const content = readFileSync.call(this, file, ...rest);
  if (reading && typeof file === 'string' && !file.includes('/node_modules/')) reading.add(file);
  return content;
};

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

const jiti = createJiti(import.meta.url, { moduleCache: false, interopDefault: false, virtualModules: { codev: standIn(), 'codev/plugin': standIn() } });
// The host's own way of importing a file (each top level runs once): TypeScript from source, compiled by jiti.
const { importModuleOnce } = await jiti.import(workerData.importOnceUrl);

parentPort.postMessage({ ready: true });
parentPort.on('message', async ({ id, file }) => {
  reading = new Set([file]);
  try {
    await importModuleOnce({ jiti, file });
  } catch {
    // The host's import reports it, with file, line and hint.
  }
  const files = [...reading];
  reading = undefined;
  parentPort.postMessage({ id, files });
});
