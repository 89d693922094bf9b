/**
 * A job's branch against what its transcript says was written, with git alone: the branch exists, its commit
 * chain goes back to the base commit (no other parentless commit), and its tree holds exactly the expected
 * files with exactly the expected contents. Returns the problems found (none: the branch is right).
 */
import { execFileSync } from 'node:child_process';

export function checkJobBranch(options: { repository: string; branch: string; baseCommit: string; expected: ReadonlyMap<string, string>; resultCommit?: string }): string[] {
  const git = (...args: string[]) => execFileSync('git', ['-C', options.repository, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ref = `refs/heads/${options.branch}`;
  let tip: string;
  try {
    tip = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`).trim();
  } catch {
    return [`no branch ${options.branch}`];
  }
  const problems: string[] = [];
  if (options.resultCommit !== undefined && options.resultCommit !== tip) problems.push(`the result names commit ${options.resultCommit}, the branch is at ${tip}`);
  const roots = git('rev-list', '--max-parents=0', tip).split('\n').filter(Boolean);
  const baseRoots = git('rev-list', '--max-parents=0', options.baseCommit).split('\n').filter(Boolean);
  if (roots.join() !== baseRoots.join()) problems.push(`the branch's parentless commits are ${roots.join(', ')}, the base's ${baseRoots.join(', ')}`);
  try {
    git('merge-base', '--is-ancestor', options.baseCommit, tip);
  } catch {
    problems.push(`the base commit ${options.baseCommit} is not an ancestor of the branch`);
  }
  const names = git('ls-tree', '-r', '-z', '--name-only', tip).split('\0').filter(Boolean).sort();
  const expectedNames = [...options.expected.keys()].sort();
  const missing = expectedNames.filter((name) => !names.includes(name));
  const extra = names.filter((name) => !options.expected.has(name));
  if (missing.length > 0) problems.push(`the branch lacks ${missing.join(', ')}`);
  if (extra.length > 0) problems.push(`the branch holds files no write made: ${extra.join(', ')}`);
  for (const name of expectedNames.filter((file) => names.includes(file))) {
    const content = git('cat-file', 'blob', `${tip}:${name}`);
    if (content !== options.expected.get(name)) problems.push(`${name} is ${JSON.stringify(content)}, the transcript says ${JSON.stringify(options.expected.get(name))}`);
  }
  return problems;
}
