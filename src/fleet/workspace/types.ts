/** Where a fleet job works: a repository and the commit to start from. */
export interface JobWorkspaceSpec {
  /** A git URL, or the path of a local repository (bare or not). */
  repo: string;
  /** A branch, tag or commit of `repo`; default its `HEAD`. */
  ref?: string;
}

/** A job's own checkout on one worker, at the files of the transcript's last completed turn. */
export interface JobWorkspace {
  /** The checkout folder, absolute: `<root>/<jobId>`. */
  path: string;
  jobId: string;
  /** The repository checkpoints and the result are pushed to: the spec's repo, a local path made absolute. */
  repo: string;
  /** The commit the job started from, the same on every worker and attempt of the job. */
  baseCommit: string;
  /** The checkpointed turn whose files the checkout holds; 0 when it holds the base commit. */
  turn: number;
}

/** What a job left in its repository: a branch, and its change as a patch. */
export interface FinishedJobWorkspace {
  /** `codev/jobs/<jobId>`, pushed to the job's repo. */
  branch: string;
  /** The branch's commit: every file of the checkout at the end (ignored files excepted). */
  commit: string;
  baseCommit: string;
  /** Paths changed between the base commit and `commit`, sorted; a rename lists both paths. */
  changedFiles: string[];
  /** `git diff --binary <baseCommit> <commit>`, cut at a line end when longer than the cap. */
  patch: string;
  /** True when `patch` was cut: the branch holds the whole change. */
  patchTruncated: boolean;
}
