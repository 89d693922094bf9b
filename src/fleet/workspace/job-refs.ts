/** The names a job uses in its repository. */
export interface JobRefs {
  /** Prefix of the job's hidden refs, ending in `/`: `refs/codev/jobs/<jobId>/`. */
  namespace: string;
  /** The hidden ref at the job's base commit. */
  base: string;
  /** The hidden ref of a turn's checkpoint. */
  turn(turn: number): string;
  /** The branch name of the result (and of the checkout): `codev/jobs/<jobId>`. */
  branchName: string;
  /** The full ref of the result branch. */
  branch: string;
}

/**
 * The refs of a job (an already checked job id). Hidden refs live outside `refs/heads/` and `refs/tags/`, so
 * clones and fetches of the repository do not get them unless they ask.
 */
export function jobRefs(jobId: string): JobRefs {
  const namespace = `refs/codev/jobs/${jobId}/`;
  const branchName = `codev/jobs/${jobId}`;
  return { namespace, base: `${namespace}base`, turn: (turn) => `${namespace}turn-${turn}`, branchName, branch: `refs/heads/${branchName}` };
}
