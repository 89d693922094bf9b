import type { FleetEvent, JobInspection } from '../../../fleet/types.ts';
import type { UiJobView } from '../../types.ts';
import { jobRowOf, progressOf } from './job-row-of.ts';

/** How many life events the view's log holds, the latest. */
const LOG_LINES = 30;

/** `GET /api/fleet/jobs/:id`: a job's inspection (`fleet.inspect`) as the page shows it. */
export function jobViewOf(inspection: JobInspection): UiJobView {
  const { summary, result } = inspection;
  const workspace = result?.workspace;
  return {
    job: jobRowOf(summary, progressOf(inspection.events)),
    ...(inspection.sessionId !== undefined && { sessionId: inspection.sessionId }),
    parked: inspection.parked.map(({ toolUseId, toolName, input, message }) => ({ toolUseId, toolName, input, message })),
    checkpoints: inspection.checkpoints.map(({ turn, commit, messageUuid, sessionId }) => ({ turn, ...(commit !== undefined && { commit }), ...(messageUuid !== undefined && { messageUuid }), ...(sessionId !== undefined && { sessionId }) })),
    // The patch is the diff itself (cut by the worker past its cap; the branch holds the whole change).
    ...(workspace && { workspace: { branch: workspace.branch, commit: workspace.commit, patch: workspace.patch } }),
    log: inspection.events.flatMap(logLineOf).slice(-LOG_LINES),
    ...(result && { result: { status: result.status, ...(result.text !== undefined && { text: result.text }), ...(result.endReason !== undefined && { endReason: result.endReason }), ...(result.error && { error: result.error }) } }),
  };
}

/** One line of the job's life: a start, a retry, a park, an end. */
function logLineOf(event: FleetEvent): UiJobView['log'] {
  switch (event.type) {
    case 'job-start':
      return [{ at: event.startedAt, text: `attempt ${event.attempt} started on ${event.worker}${event.resumedFromTurn === undefined ? '' : `, resumed from turn ${event.resumedFromTurn}`}` }];
    case 'job-retry':
      return [{ text: `retry (${event.reason}${event.delayMs === undefined ? '' : `, in ${event.delayMs} ms`}): ${event.message}` }];
    case 'job-parked':
      return [{ text: `parked: waits on ${event.waiting.map((call) => call.toolName).join(', ')}` }];
    case 'job-checkpoint':
      return [{ text: `turn ${event.turn} done${event.commit === undefined ? '' : ` (commit ${event.commit.slice(0, 12)})`}` }];
    case 'job-end':
      return [{ text: `ended ${event.result.status}${event.result.error ? `: ${event.result.error.code}` : ''}` }];
    default:
      return [];
  }
}
