import { loadedShellAnalysis } from '../../permissions/shell/load-shell-analysis.ts';
import { analysisReadsOnly } from '../../permissions/shell/reads-only.ts';
import { analyzeCommandSync } from './analyze-command-sync.ts';

const cache = new Map<string, boolean>();

/**
 * Whether a Bash command provably only reads: it parses, every simple command in it (pipelines, `&&`,
 * substitutions, `bash -c` bodies, `xargs`/`find -exec` targets) is a known reader with no writing option,
 * nothing is redirected into a file, no command name is dynamic, no code is opaque and no risky variable is
 * set. (Whether a `git` in it reads a repository the model could have planted is checked with the files
 * at hand by the permission check.)
 *
 * @example
 * isReadOnlyCommand('cat f | grep x'); // true
 * isReadOnlyCommand('sed -i s/a/b/ f'); // false
 */
export function isReadOnlyCommand(command: string): boolean {
  const hit = cache.get(command);
  if (hit !== undefined) return hit;
  // Before the grammar is loaded the answer is no (fail closed), and is not kept: once it is, the real one.
  if (!loadedShellAnalysis()) return false;
  const analysis = analyzeCommandSync(command);
  const answer = analysis !== undefined && analysisReadsOnly(analysis, { redirects: true });
  if (cache.size > 2_000) cache.delete(cache.keys().next().value as string);
  cache.set(command, answer);
  return answer;
}
