import { createJiti } from './create-jiti.ts';
import { hostModules } from './host-module.ts';
import { importModuleOnce } from './import-module-once.ts';
import { createImportProbe } from './probe-import.ts';
import { withinLoadTimeout } from './within-load-timeout.ts';

/** How long a plugin or config file may take to import, unless `CODEV_LOAD_TIMEOUT_MS` says otherwise. */
export const DEFAULT_LOAD_TIMEOUT_MS = 15_000;

/** Imports plugin, config and agent files; see `createPluginImporter`. */
export interface PluginImporter {
  /**
   * Imports `file`. With `source` (its text, read and checked by the caller) that text is what runs, and
   * `file` only names it (its relative imports resolve from there): a link swapped after the check cannot
   * redirect the import. Only for an import without a time limit: the probe would read the file by name.
   */
  import<T = unknown>(file: string, options?: { source?: string }): Promise<T>;
  /** How long an import, and a plugin's `setup()`, may take (ms); `Infinity` for no limit. */
  readonly timeoutMs: number;
  /**
   * Ends what the importer keeps running between imports: the worker thread that evaluates files first,
   * with what their top-level code left running there. A later import starts a new one. Optional for an
   * importer of your own.
   */
  close?(): Promise<void>;
}

/**
 * An importer for plugin and config files: jiti with `moduleCache: false`, so every import re-reads the file
 * and its local imports and an edit is seen on the next load (packages in node_modules are still loaded
 * natively and shared with the host, so `zod` stays one copy). `import … from 'codev'` (and `'codev/plugin'`)
 * is served the host's own module (see `hostModules`), so plugins share its classes and markers and a reload
 * does not evaluate codev's sources again.
 * `interopDefault: false` keeps `default` and named exports apart, which export resolution relies on.
 * Each import evaluates the file's top level once, however it fails (`importModuleOnce`).
 *
 * Each file is bounded by `timeoutMs` (default `CODEV_LOAD_TIMEOUT_MS`, `0` for none, else 15 s): it is first evaluated in a
 * worker thread (`createImportProbe`), so a file whose top-level code never ends is reported as `LOAD_TIMEOUT`
 * instead of freezing codev, and the host's own import is bounded too. Top-level code therefore runs twice;
 * side effects belong in `setup()`. The worker is the importer's: `close()` ends it (a kernel does after each
 * load, and when it closes). `timeoutMs: Infinity` imports directly (agent scripts, whose top level may run
 * for as long as the agent does).
 */
export function createPluginImporter(options: { timeoutMs?: number } = {}): PluginImporter & { close(): Promise<void> } {
  // Made at the first import: a kernel whose project has no config file and no plugin never loads jiti.
  let made: ReturnType<typeof createJiti> | undefined;
  const jiti = () => (made ??= createJiti(import.meta.url, { moduleCache: false, interopDefault: false, virtualModules: { ...hostModules() } }));
  const timeoutMs = options.timeoutMs ?? loadTimeoutFromEnvironment();
  const probe = createImportProbe();
  return {
    timeoutMs,
    close: () => probe.close(),
    async import<T>(file: string, importOptions: { source?: string } = {}): Promise<T> {
      if (!Number.isFinite(timeoutMs)) return importModuleOnce<T>({ jiti: jiti(), file, source: importOptions.source });
      if (importOptions.source !== undefined) throw new Error('An import with its source given has no time limit: the probe reads the file by name');
      await probe.probe({ file, timeoutMs });
      // The host's import can still wait forever on something the probe's stand-in answered at once.
      return withinLoadTimeout(importModuleOnce<T>({ jiti: jiti(), file }), {
        timeoutMs,
        file,
        problem: `${file} did not finish importing within ${timeoutMs} ms`,
        hint: 'look for a top-level `await` that never settles (move slow work into setup() or into the tool call); CODEV_LOAD_TIMEOUT_MS sets the limit',
      });
    },
  };
}

/** `CODEV_LOAD_TIMEOUT_MS`: a positive number of ms, `0` for no limit (and no probe), else the default. */
export function loadTimeoutFromEnvironment(): number {
  const setting = process.env.CODEV_LOAD_TIMEOUT_MS?.trim();
  const value = Number(setting);
  if (setting === '0') return Infinity;
  return setting && Number.isFinite(value) && value > 0 ? value : DEFAULT_LOAD_TIMEOUT_MS;
}
