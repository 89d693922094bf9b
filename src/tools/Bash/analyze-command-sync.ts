import { loadedShellAnalysis, type AnalyzeLoaded } from '../../permissions/shell/load-shell-analysis.ts';
import type { ShellAnalysis } from '../../permissions/shell/types.ts';

type SyncAnalysis = Extract<ShellAnalysis, { ok: true }> | undefined;

const MAX_ENTRIES = 500;
// One Bash call asks several times (batching, isReadOnly, checkPermissions): parse each command once.
const cache = new Map<string, SyncAnalysis>();

/**
 * `analyzeShellCommand`, synchronously, with the analysis an asynchronous path loaded first (`loadShellAnalysis()`:
 * a Bash call's permission check, and `runToolUses` before it batches a message's calls). Undefined when the
 * command is empty, too long, does not parse or the grammar is not loaded (yet, or could not be): callers must
 * fail closed. Nothing is cached while the grammar is missing, so a later call gets the real answer.
 */
export function analyzeCommandSync(command: string): SyncAnalysis {
  const analyzeLoaded = loadedShellAnalysis();
  if (!analyzeLoaded) return undefined;
  if (cache.has(command)) return cache.get(command);
  const result = analyze(analyzeLoaded, command);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(command, result);
  return result;
}

function analyze(analyzeLoaded: AnalyzeLoaded, command: string): SyncAnalysis {
  try {
    const analysis = analyzeLoaded(command);
    return analysis.ok && analysis.commands.length > 0 ? analysis : undefined;
  } catch {
    return undefined;
  }
}
