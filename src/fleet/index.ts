/**
 * `codev/fleet`: many agent sessions on many machines, on BullMQ and Redis. Its own entry, so that `codev`
 * never loads `bullmq` or `ioredis` (optional peers): install them to use it.
 */
export { createFleet } from './create-fleet.ts';
export { createRedisSessionStore } from './session-store/create-redis-session-store.ts';
export type { FinishedJobWorkspace, JobWorkspaceSpec } from './workspace/types.ts';
export type { JobModelSettings, JobPermissions } from './job/fleet-job-data.ts';
export type { CleanedJob, CleanOptions, CleanReport, Fleet, FleetEndEvent, FleetEvent, FleetJobResult, FleetOptions, FleetRateLimit, FleetWorker, JobEventOf, JobInspection, JobEventStreams, JobHandle, JobLifeEvent, JobSummary, ParkedCall, RewindJobOptions, SubmitOptions, WorkerOptions } from './types.ts';
