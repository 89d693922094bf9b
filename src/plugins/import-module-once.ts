import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Jiti } from 'jiti';
import { importNativeEsModule } from './import-native-es-module.ts';
import { isNativeEsModule } from './is-native-es-module.ts';

/** What jiti transpiles; any other file (JSON) is imported by jiti as it decides. */
const SOURCE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

/**
 * Imports a plugin, config or agent file so that its top-level code runs once, however it fails. `jiti.import`
 * imports an ES module (`.mjs`, `.js` under `"type": "module"`) and CommonJS natively and, when that throws
 * for any reason, evaluates the file again transpiled: a script that threw at top level ran twice, its side
 * effects too. Here an ES module is imported natively, and transpiled only when Node refused it before
 * running any of it (`codev` not installed beside it, say, which jiti then serves); every other file is
 * transpiled at once, as jiti does for TypeScript. With `source` (the file's text, read by the caller) that
 * text is evaluated transpiled as `file`, whatever its kind, and the file is not read again. Rejects with what
 * the file threw.
 */
export async function importModuleOnce<T>(options: { jiti: Jiti; file: string; source?: string }): Promise<T> {
  const { jiti, file } = options;
  // Text already read (and checked) by the caller is what runs: the file is not opened again by its name.
  if (options.source !== undefined) return (await jiti.evalModule(options.source, { filename: file, async: true, forceTranspile: true })) as T;
  if (isNativeEsModule(file)) {
    const imported = await importNativeEsModule({ jiti, file });
    if (imported.status === 'loaded') return imported.module as T;
    if (imported.evaluated) throw imported.error;
  }
  if (!SOURCE_EXTENSIONS.has(path.extname(file))) return jiti.import<T>(file);
  return (await jiti.evalModule(await readFile(file, 'utf8'), { filename: file, async: true, forceTranspile: true })) as T;
}
