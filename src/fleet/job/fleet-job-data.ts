import { z } from 'zod';
import { PERMISSION_MODES, type PermissionMode } from '../../permissions/types.ts';
import { HOST_LABEL_PATTERN } from '../../model/providers/host-label-setting.ts';
import { MODEL_PROVIDER_NAMES, type ModelProviderName, type ModelSettings } from '../../model/providers/types.ts';

/** The model settings a job may carry: the provider and model, its region, project or resource (no key, no URL). */
export type JobModelSettings = Pick<ModelSettings, 'provider' | 'id' | 'region' | 'projectId' | 'resource'>;

/** The rules and mode a job runs with on any worker: shipped in the job, checked at submit. */
export interface JobPermissions {
  /** Default `dontAsk` (`default` with `deferAsks`): nobody is there to ask. */
  mode?: PermissionMode;
  allow?: string[];
  deny?: string[];
  ask?: string[];
}

const jobPermissionsSchema = z.strictObject({
  mode: z.enum(PERMISSION_MODES as [PermissionMode, ...PermissionMode[]]).optional(),
  allow: z.array(z.string()).optional(),
  deny: z.array(z.string()).optional(),
  ask: z.array(z.string()).optional(),
});

/** A job's model settings: what names the provider and the model, never a credential or a URL (it is stored in Redis). */
const jobModelSettingsSchema = z.strictObject({
  provider: z.enum(MODEL_PROVIDER_NAMES as [ModelProviderName, ...ModelProviderName[]]).optional(),
  id: z.string().min(1).optional(),
  // Put into the provider's host name by its SDK: one DNS label, so a job cannot move a worker's credentials elsewhere.
  region: z.string().regex(HOST_LABEL_PATTERN, 'a region is one name: letters, digits and hyphens').optional(),
  projectId: z.string().min(1).optional(),
  resource: z.string().regex(HOST_LABEL_PATTERN, 'a resource is one name: letters, digits and hyphens').optional(),
});

/**
 * What a fleet job carries in Redis: its inputs, never its transcript (that is the session's, appended turn
 * by turn). Parsed again by the worker, so a job written by another codev version is refused, not misread.
 */
export const fleetJobDataSchema = z.strictObject({
  format: z.literal(1),
  /** The agent script, absolute: every worker must have it at the same path. */
  script: z.string().min(1),
  prompt: z.string().min(1),
  workspace: z.strictObject({ repo: z.string().min(1), ref: z.string().min(1).optional() }).optional(),
  permissions: jobPermissionsSchema,
  maxTurns: z.number().int().positive().optional(),
  maxBudgetUsd: z.number().positive().optional(),
  /** The model id, or the provider and its non-secret settings (keys and URLs stay with the workers and the script). */
  model: z.union([z.string().min(1), jobModelSettingsSchema]).optional(),
  /** An ask parks the job (its session ends `deferred`) until `approve` or `deny` answers it. */
  deferAsks: z.boolean(),
  /** Run though part of the project fails to load on the worker (else the job fails with `PLUGIN_LOAD_FAILED`). */
  allowBrokenPlugins: z.literal(true).optional(),
  submittedAt: z.string(),
  /**
   * The job starts at another job's checkpoint (`codev queue rewind`): its checkout at that turn's commit, its
   * session forked at that turn's last message, going on with `prompt` as a new user message when `sendPrompt`.
   */
  rewoundFrom: z
    .strictObject({
      jobId: z.string().min(1),
      turn: z.number().int().positive(),
      sessionId: z.string().min(1),
      messageUuid: z.string().min(1),
      commit: z.string().regex(/^[0-9a-f]{40,64}$/).optional(),
      sendPrompt: z.boolean(),
      /** The old job's checkout folders: its session names them (see `checkoutMoves`). */
      checkouts: z.array(z.string()).optional(),
    })
    .optional(),
});

export type FleetJobData = z.infer<typeof fleetJobDataSchema>;
