/**
 * Where `defineAgent` was called, by file: so that `codev run` can tell a script that defines an agent but
 * forgot to default-export it from a plain script. Kept on globalThis, since the script may import another
 * copy of codev than the CLI's. One entry per file (the last call), removed before the file is loaded again.
 */
const KEY = Symbol.for('codev.definedAgents');

function registry(): Map<string, number | undefined> {
  const holder = globalThis as { [KEY]?: Map<string, number | undefined> };
  return (holder[KEY] ??= new Map());
}

/** Records a `defineAgent` call at `file` (and `line`, when the stack tells it). */
export function recordDefinedAgent(options: { file: string; line?: number }): void {
  registry().set(options.file, options.line);
}

/** Forgets the calls recorded for `file` and returns whether there was one, with its line. */
export function takeDefinedAgent(file: string): { line?: number } | undefined {
  const map = registry();
  if (!map.has(file)) return undefined;
  const line = map.get(file);
  map.delete(file);
  return line === undefined ? {} : { line };
}
