import { CodevError } from '../../errors/codev-error.ts';
import { fetchRewoundCheckpoint } from './fetch-rewound-checkpoint.ts';
import { jobRefs } from './job-refs.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/** What a job's repository holds of an earlier attempt. */
export interface JobCheckpoint {
  /** The job's base commit, when an earlier attempt recorded it. */
  baseCommit?: string;
  /** The turn of `commit`; 0 when no checkpoint fits. */
  turn: number;
  /** The checkpoint of the highest turn at most the asked one, if any. */
  commit?: string;
  /** The checkpoint is the rewound-from job's (`from`), not yet in this job's refs: the caller records it there. */
  adopted?: boolean;
}

/**
 * Fetches the job's hidden refs (`refs/codev/jobs/<jobId>/*`) from `repo` into the clone at `cwd` and picks
 * the checkpoint of the highest turn at most `resumeTurn` (none when it is 0: a fresh start, which still
 * keeps the recorded base commit). Refs of higher turns (written by an attempt that died before its
 * transcript recorded them) are ignored. With `resumeCommit` (the commit the job's fenced state names for
 * `resumeTurn`) that commit is the checkpoint, whatever the turn's ref holds: 'WORKSPACE_FAILED' when the
 * fetched refs do not reach it.
 */
export async function findJobCheckpoint(options: { cwd: string; repo: string; jobId: string; resumeTurn: number; resumeCommit?: string; from?: string; signal?: AbortSignal }): Promise<JobCheckpoint> {
  const { cwd, signal } = options;
  const refs = jobRefs(options.jobId);
  const refspec = `+${refs.namespace}*:${refs.namespace}*`;
  await workspaceGitOutput(['fetch', '--quiet', '--no-tags', options.repo, refspec], { cwd, signal, timeoutMs: NETWORK_TIMEOUT_MS, hint: `check that this worker can read ${options.repo}` });
  const listed = await workspaceGitOutput(['for-each-ref', '--format=%(refname) %(objectname)', refs.namespace], { cwd, signal });
  const found: JobCheckpoint = { turn: 0 };
  for (const line of listed.split('\n')) {
    const [name = '', commit] = line.split(' ');
    if (name === refs.base) found.baseCommit = commit;
    const turn = Number(/^turn-([1-9]\d*)$/.exec(name.slice(refs.namespace.length))?.[1] ?? 0);
    if (turn > found.turn && turn <= options.resumeTurn) {
      found.turn = turn;
      found.commit = commit;
    }
  }
  if (options.resumeCommit !== undefined && options.resumeTurn > 0) {
    const known = await workspaceGitOutput(['cat-file', '-e', `${options.resumeCommit}^{commit}`], { cwd, signal }).then(() => true, () => false);
    // A rewound job's first attempt: the checkpoint (and the base) are the old job's, not yet in this job's refs.
    if ((!known || found.baseCommit === undefined) && options.from !== undefined) return adoptRewoundCheckpoint({ ...options, from: options.from, resumeCommit: options.resumeCommit }, found);
    if (!known) throw new CodevError('WORKSPACE_FAILED', `${options.repo} no longer holds commit ${options.resumeCommit}, the checkpoint of turn ${options.resumeTurn} of job ${options.jobId}`, { hint: `something rewrote ${refs.namespace}turn-${options.resumeTurn}; start the job again under a new id` });
    found.turn = options.resumeTurn;
    found.commit = options.resumeCommit;
  }
  if (found.commit !== undefined && found.baseCommit === undefined) {
    throw new CodevError('WORKSPACE_FAILED', `${options.repo} has checkpoints of job ${options.jobId} but not its base ref ${refs.base}`, {
      hint: `push the job's base commit to ${refs.base}, or start the job again under a new id`,
    });
  }
  return found;
}

/** A rewound job's first attempt: the checkpoint is job `from`'s, fetched from its refs or its result branch. */
async function adoptRewoundCheckpoint(options: { cwd: string; repo: string; jobId: string; resumeTurn: number; resumeCommit: string; from: string; signal?: AbortSignal }, found: JobCheckpoint): Promise<JobCheckpoint> {
  const fetched = await fetchRewoundCheckpoint({ cwd: options.cwd, repo: options.repo, from: options.from, commit: options.resumeCommit, ...(options.signal && { signal: options.signal }) });
  if (!fetched) {
    throw new CodevError('CHECKPOINT_NOT_FOUND', `${options.repo} no longer holds commit ${options.resumeCommit}, the checkpoint of turn ${options.resumeTurn} of job ${options.from} that job ${options.jobId} was rewound to`, {
      hint: `its hidden refs and its branch codev/jobs/${options.from} are gone (cleaned, deleted, or its agent rewrote history): rewind to another turn, or submit the job again`,
    });
  }
  return { baseCommit: found.baseCommit ?? fetched.baseCommit, turn: options.resumeTurn, commit: options.resumeCommit, adopted: true };
}
