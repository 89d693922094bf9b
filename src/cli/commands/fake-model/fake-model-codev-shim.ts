import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder holding a `codev` executable that runs this codev (its node and bin script), for the command
 * `codev fake-model -- ...` runs to find first in PATH: `codev run agent.ts` there, or in the scripts it
 * starts (`npm test`, `sh -c`), is the same codev, even when this one was started as `node bin/codev.mjs`.
 * Undefined when codev was not started from its bin script (nothing to point at). `remove()` deletes it.
 */
export function createCodevShim(): { directory: string; remove(): void } | undefined {
  const script = process.argv[1];
  if (script === undefined || !/^codev(\.mjs)?$/.test(path.basename(script)) || process.platform === 'win32') return undefined;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-fake-model-'));
  const shim = path.join(directory, 'codev');
  writeFileSync(shim, `#!/bin/sh\nexec ${quoted(process.execPath)} ${quoted(path.resolve(script))} "$@"\n`);
  chmodSync(shim, 0o755);
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
