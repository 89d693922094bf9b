import { readScopeKey, type ReadScope } from '../permissions/read-decision-for-file.ts';
import { currentFileVersion } from './file-version.ts';
import type { InstructionSources } from './instructions-setting.ts';
import { loadInstructions } from './load-instructions.ts';
import type { LoadedInstructions } from './types.ts';

/**
 * How long a check stays good: turns closer together than this (a scripted model) share one. A check is
 * about 170 µs (six stats, most of missing files), a turn of a scripted model about 20 µs.
 */
export const DEFAULT_CHECK_INTERVAL_MS = 250;

/** The instructions of one project, read again when a file changes. */
export interface InstructionsLoader {
  /**
   * The instructions as they are on disk: the first call reads them; a later one reads them again only when
   * a file looked at last time (present, missing or included) was added, changed or removed. `changed` is
   * true when this call read them (its warnings are new). At most one check per `checkIntervalMs`, unless `fresh`
   * asks for one now (a query's first turn). `readScope` is the session's Read decision for the files (see
   * `loadInstructions`); other Read rules or working directories read them again.
   */
  load(options?: { fresh?: boolean; readScope?: ReadScope }): Promise<{ instructions: LoadedInstructions; changed: boolean }>;
}

/**
 * Hot reload by a stat of each file looked at, not a watcher: a handful of stats, made at most once per
 * `checkIntervalMs` and only when a turn asks, costs nothing between queries and leaves no watcher to close.
 */
export function createInstructionsLoader(options: { projectRoot: string; homeDirectory?: string; sources: Required<InstructionSources>; checkIntervalMs?: number }): InstructionsLoader {
  const interval = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  let current: LoadedInstructions | undefined;
  let checkedAt = 0;
  let pending: Promise<{ instructions: LoadedInstructions; changed: boolean }> | undefined;
  // The rules the current instructions were decided by: other rules (a deny added) decide them again.
  let decidedBy: string | undefined;

  async function refresh(fresh: boolean, readScope: ReadScope | undefined): Promise<{ instructions: LoadedInstructions; changed: boolean }> {
    const key = readScope && readScopeKey(readScope);
    const sameRules = decidedBy === key;
    if (current && sameRules && !fresh && performance.now() - checkedAt < interval) return { instructions: current, changed: false };
    const now = performance.now();
    if (current && sameRules && (await unchanged(current))) {
      checkedAt = now;
      return { instructions: current, changed: false };
    }
    current = await loadInstructions({ ...options, ...(readScope && { readScope }) });
    decidedBy = key;
    checkedAt = performance.now();
    return { instructions: current, changed: true };
  }

  return {
    load(loadOptions = {}) {
      pending ??= refresh(loadOptions.fresh === true, loadOptions.readScope).finally(() => (pending = undefined));
      return pending;
    },
  };
}

async function unchanged(instructions: LoadedInstructions): Promise<boolean> {
  const versions = await Promise.all(instructions.watched.map((file) => currentFileVersion(file.path)));
  return versions.every((version, index) => version === instructions.watched[index]!.version);
}
