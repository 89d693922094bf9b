import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkJobId } from './check-job-id.ts';
import { jobRefs } from './job-refs.ts';
import { resolveRepository } from './resolve-repository.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Deletes a job's hidden refs (`refs/codev/jobs/<jobId>/*`: its base and turn checkpoints) from its
 * repository and returns how many there were. Call it once the job's result is stored for good: until then a
 * retry resumes from them. Needs no checkout (git pushes only from a repository, so an empty one is made in
 * the temp folder for the push). With `dryRun`, only counts them (what a real run would delete). Errors:
 * 'WORKSPACE_FAILED' with git's stderr.
 */
export async function deleteJobCheckpoints(options: { repo: string; jobId: string; signal?: AbortSignal; dryRun?: boolean }): Promise<number> {
  const repo = resolveRepository(options.repo);
  const { namespace } = jobRefs(checkJobId(options.jobId));
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'codev-job-refs-'));
  try {
    const git = { cwd: scratch, signal: options.signal, timeoutMs: NETWORK_TIMEOUT_MS };
    const listed = await workspaceGitOutput(['ls-remote', '--refs', repo, `${namespace}*`], { ...git, hint: `check that this worker can read ${repo}` });
    const names = listed.split('\n').map((line) => line.split('\t')[1] ?? '').filter((name) => name.startsWith(namespace));
    if (names.length === 0 || options.dryRun) return names.length;
    await workspaceGitOutput(['init', '--quiet', '--bare'], git);
    await workspaceGitOutput(['push', '--quiet', '--no-verify', repo, ...names.map((name) => `:${name}`)], { ...git, hint: `check that this worker may push to ${repo}` });
    return names.length;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
