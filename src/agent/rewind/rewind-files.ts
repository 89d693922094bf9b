import type { CheckpointStore, ConflictChoice, RestorePlan, RestoreResult, Snapshot } from '../../checkpoints/types.ts';
import { CodevError } from '../../errors/codev-error.ts';

/**
 * The plan of a rewind's files: the roots back as `target` has them, the conflicts judged against
 * `reference` (what the session left). Refused with `REWIND_CONFLICT` when a conflict has no choice, before
 * anything is changed (or asked of a PreRewind hook).
 */
export async function planRewindFiles(options: { store: CheckpointStore; sessionId: string; target: Snapshot; reference?: Snapshot; conflicts?: ConflictChoice; dryRun: boolean; signal?: AbortSignal }): Promise<RestorePlan> {
  const { store, sessionId, target, reference, signal } = options;
  const plan = await store.planRestore({ sessionId, target, ...(reference && { reference }), ...(signal && { signal }) });
  const unchosen = plan.conflicts.filter((conflict) => choiceOf(options.conflicts, conflict) === undefined);
  if (!options.dryRun && unchosen.length > 0) {
    const listed = unchosen.map((conflict) => `${conflict.path} (${conflict.reason})`).join(', ');
    throw new CodevError('REWIND_CONFLICT', `The rewind would overwrite files changed since the agent left them: ${listed}`, { hint: 'look at them (a dry run lists them), then choose: conflicts: overwrite or keep (or per file), --force' });
  }
  return plan;
}

/** Carries out the plan with the choices made. */
export function applyRewindFiles(options: { store: CheckpointStore; sessionId: string; plan: RestorePlan; conflicts?: ConflictChoice; signal?: AbortSignal }): Promise<RestoreResult> {
  const { store, sessionId, plan, conflicts, signal } = options;
  return store.applyRestore({ sessionId, plan, ...(conflicts !== undefined && { conflicts }), ...(signal && { signal }) });
}

/** The choice made for one conflict: overwrite, keep, or none (`fail`, or a per-file choice that does not name it). */
function choiceOf(choice: ConflictChoice | undefined, conflict: { root: string; path: string }): 'overwrite' | 'keep' | undefined {
  if (choice === undefined || choice === 'fail') return undefined;
  if (choice === 'overwrite' || choice === 'keep') return choice;
  return choice[conflict.path] ?? choice[`${conflict.root}/${conflict.path}`];
}
