import type { ToolApproval } from '../../../agent/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';

/** Longest deny message accepted: it goes to the model. */
const MAX_MESSAGE_CHARS = 10_000;
const MAX_CALLS = 1_000;

/**
 * The approvals of `POST /api/fleet/jobs/:id/answer` (`UiAnswerRequest`) as `codev queue approve|deny` gives
 * them to `fleet.answer`: `{ behavior: 'allow' }`, or `{ behavior: 'deny' }` with the message when there is
 * one. `INPUT_INVALID` for anything else.
 */
export function approvalsOf(body: unknown): Record<string, ToolApproval> {
  const approvals = (body as { approvals?: unknown } | undefined)?.approvals;
  if (typeof approvals !== 'object' || approvals === null || Array.isArray(approvals)) throw invalid('The body must be { approvals: { <toolUseId>: { behavior } } }');
  const entries = Object.entries(approvals);
  if (entries.length === 0 || entries.length > MAX_CALLS) throw invalid('Answer at least one call');
  return Object.fromEntries(
    entries.map(([toolUseId, answer]) => {
      const { behavior, message } = (answer ?? {}) as { behavior?: unknown; message?: unknown };
      if (behavior === 'allow') return [toolUseId, { behavior }];
      if (behavior !== 'deny') throw invalid(`The answer of ${toolUseId} must be { behavior: 'allow' } or { behavior: 'deny', message? }`);
      if (message !== undefined && (typeof message !== 'string' || message.length > MAX_MESSAGE_CHARS)) throw invalid(`The deny message of ${toolUseId} must be text of at most ${MAX_MESSAGE_CHARS} characters`);
      return [toolUseId, { behavior, ...(message !== undefined && { message }) }];
    }),
  );
}

function invalid(message: string): CodevError {
  return new CodevError('INPUT_INVALID', message, { field: 'approvals', hint: '{"approvals":{"toolu_1":{"behavior":"allow"}}}' });
}
