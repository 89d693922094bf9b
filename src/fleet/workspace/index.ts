export { checkpointJobWorkspace, type CheckpointJobWorkspaceOptions } from './checkpoint-job-workspace.ts';
export { deleteJobCheckpoints } from './delete-job-checkpoints.ts';
export { finishJobWorkspace, type FinishJobWorkspaceOptions } from './finish-job-workspace.ts';
export { jobRefs, type JobRefs } from './job-refs.ts';
export { prepareJobWorkspace, type PrepareJobWorkspaceOptions } from './prepare-job-workspace.ts';
export { MAX_PATCH_BYTES } from './read-job-patch.ts';
export { removeJobWorkspace } from './remove-job-workspace.ts';
export type { FinishedJobWorkspace, JobWorkspace, JobWorkspaceSpec } from './types.ts';
