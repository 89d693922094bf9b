/** The fixed texts the model reads when a call does not succeed. Shared with Claude Code where sound. */

export const CANCEL_MESSAGE =
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";

export const REJECT_MESSAGE =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** The reject message with the user's feedback appended. */
export function rejectWithFeedback(feedback: string): string {
  return `${REJECT_MESSAGE.replace(/ STOP what you are doing and wait for the user to tell you how to proceed\.$/, '')} To tell you how to proceed, the user said:\n${feedback}`;
}

/** Wraps an error text the way the model expects it. */
export function toolUseError(message: string): string {
  return `<tool_use_error>${message}</tool_use_error>`;
}
