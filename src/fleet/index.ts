/**
 * `codev/fleet`: many agent sessions on many machines, on BullMQ and Redis. Its own entry, so that `codev`
 * never loads `bullmq` or `ioredis` (optional peers): install them to use it.
 */
export { createFleet } from './create-fleet.ts';
export { createRedisSessionStore } from './session-store/create-redis-session-store.ts';
export type { FinishedJobWorkspace, JobWorkspaceSpec } from './workspace/types.ts';
export type { JobPermissions } from './job/fleet-job-data.ts';
export type { Fleet, FleetEndEvent, FleetEvent, FleetJobResult, FleetOptions, FleetWorker, JobHandle, JobLifeEvent, JobSummary, SubmitOptions, WorkerOptions } from './types.ts';
export type { JobEventOf, JobEventStreams } from './events/read-job-event-streams.ts';
export type { CleanOptions, CleanReport } from './retention/clean-ended-jobs.ts';
export type { CleanedJob } from './retention/clean-ended-job.ts';
