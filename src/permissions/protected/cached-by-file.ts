import { statSync } from 'node:fs';

interface Entry {
  signature: string;
  value: unknown;
}

const cache = new Map<string, Entry>();
const MAX_ENTRIES = 5_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * `compute()`, remembered under `key` until `file`'s inode, size, modification or change time changes; `fallback`
 * when the file is missing, not a regular file, larger than 2 MiB, or `compute` throws. Discovery of protected
 * places runs on every write decision: a file is read again only when it changed.
 */
export function cachedByFile<Value>(options: { key: string; file: string; compute: () => Value; fallback: Value }): Value {
  let signature: string;
  try {
    const stat = statSync(options.file);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return options.fallback;
    signature = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  } catch {
    return options.fallback;
  }
  const hit = cache.get(options.key);
  if (hit?.signature === signature) return hit.value as Value;
  let value: Value;
  try {
    value = options.compute();
  } catch {
    value = options.fallback;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(options.key, { signature, value });
  return value;
}
