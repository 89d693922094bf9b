/** The SendMessage tool's description and prompt. */
export const SEND_MESSAGE_DESCRIPTION = 'Send a follow-up message to a subagent you started, which goes on with its conversation';

export const SEND_MESSAGE_PROMPT = `Send a follow-up message to a subagent you started earlier in this session (with the Agent tool). The subagent goes on with its own conversation, with everything it already learned, and replies with a new report.
- to: the agent's id or name, as the Agent result gave it (e.g. "a1b2c3d4e5" or the name you chose).
- message: what to do next, complete on its own: the subagent sees only this message after its last report.
- Use it to ask a finished subagent a follow-up question or to give it the next step, instead of starting a new agent that would have to learn everything again.
- A subagent still running in the background gets the message queued: it reads it after its current step, and its final report (TaskOutput) answers it.
- A subagent that ran in a worktree and changed nothing had its worktree removed and cannot go on.`;
