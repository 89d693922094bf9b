import { analyzeShellCommand, type ShellAnalysis } from './analyze-shell-command.ts';

const MAX_ENTRIES = 2_000;
const cache = new Map<string, Promise<ShellAnalysis>>();

/**
 * `analyzeShellCommand` with a bounded cache: the same command is checked against deny, ask and allow rules,
 * and agents repeat commands. Oldest entries are dropped first.
 */
export function analyzeShellCommandCached(command: string): Promise<ShellAnalysis> {
  const hit = cache.get(command);
  if (hit) return hit;
  const analysis = analyzeShellCommand(command);
  cache.set(command, analysis);
  // A failed grammar load must not stay cached: the next call retries it.
  analysis.catch(() => {
    if (cache.get(command) === analysis) cache.delete(command);
  });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return analysis;
}
