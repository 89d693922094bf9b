// The loader hooks of record-loads.mjs: they run on the loader's own thread, so each URL is appended at once
// (a process that calls process.exit() would lose anything buffered).
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
