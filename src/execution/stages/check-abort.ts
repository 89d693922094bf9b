import { CANCEL_MESSAGE } from '../messages.ts';
import type { Stage } from '../types.ts';

/** Stage 2: a call that arrives after the user interrupted does not start. */
export const checkAbort: Stage = function checkAbort(state) {
  if (state.request.context.signal.aborted) return { status: 'cancelled', content: CANCEL_MESSAGE };
};
