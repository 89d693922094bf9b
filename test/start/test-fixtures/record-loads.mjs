// `node --import ./record-loads.mjs …` with CODEV_RECORD_LOADS=<file>: appends to <file>, one a line, the URL of
// every module the process loads: the ESM loader's through a load hook (module.register, Node 20.19+), and at
// exit every CommonJS file in require.cache (a CommonJS module's own require()s bypass the ESM hooks on Node 20).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.env.CODEV_RECORD_LOADS;
if (file) {
  register(new URL('./record-loads-hooks.mjs', import.meta.url), { data: { file } });
  const require = createRequire(import.meta.url);
  process.on('exit', () => {
    const urls = Object.keys(require.cache).map((name) => (name.startsWith('/') ? pathToFileURL(name).href : name));
    if (urls.length > 0) appendFileSync(file, `${urls.join('\n')}\n`);
  });
}
