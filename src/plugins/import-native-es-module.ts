import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Jiti } from 'jiti';

/** How a native import of an ES module ended. */
export type NativeEsModuleImport =
  | { status: 'loaded'; module: Record<string, unknown> }
  /** `evaluated`: code of the module or of one it imports had started to run (false: Node refused the graph before running any). */
  | { status: 'failed'; error: unknown; evaluated: boolean };

const STARTED = 'codev.esModuleEvaluationStarted';

/**
 * Imports `file` with Node's own ES module loader and, when that fails, says whether any code had run. The
 * file is imported by a one-off entry module whose first import marks the start of evaluation: ES modules
 * are evaluated only once their whole graph resolved, parsed and linked, each module's imports in order, so
 * the mark is set exactly when running began. A failure without it (an import that does not resolve, such
 * as `codev` where it is not installed, syntax Node does not read) ran nothing, and may be retried another way.
 */
export async function importNativeEsModule(options: { jiti: Jiti; file: string }): Promise<NativeEsModuleImport> {
  const { jiti, file } = options;
  const started = ((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for(STARTED)] ??= new Set<string>());
  const mark = randomUUID();
  const marker = dataUrl(`globalThis[Symbol.for(${JSON.stringify(STARTED)})].add(${JSON.stringify(mark)});`);
  const entry = dataUrl(`import ${JSON.stringify(marker)};\nexport * as module from ${JSON.stringify(pathToFileURL(file).href)};\n`);
  try {
    // jiti hands a data: URL to Node's own import() as it is, and never imports it another way when that fails
    // (an import() in codev's sources would not do: jiti and vitest, which run them in tests, rewrite it).
    const { module } = await jiti.import<{ module: Record<string, unknown> }>(entry);
    return { status: 'loaded', module };
  } catch (error) {
    return { status: 'failed', error, evaluated: started.has(mark) };
  } finally {
    started.delete(mark);
  }
}

function dataUrl(source: string): string {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
