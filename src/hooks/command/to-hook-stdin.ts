import type { ToolHookInput } from '../types.ts';

/**
 * The JSON a command hook reads on stdin, in Claude Code's snake_case shape: the common fields
 * (`session_id`, `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, and `agent_id` and
 * `agent_type` for a call inside a subagent), the call (`tool_name`,
 * `tool_input`, `tool_use_id`), then `tool_response` (PostToolUse) or `error` and `is_interrupt`
 * (PostToolUseFailure), with `duration_ms` for both.
 */
export function toHookStdin(input: ToolHookInput, session: { sessionId: string; transcriptPath: string }): Record<string, unknown> {
  const common = {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: input.cwd,
    permission_mode: input.permissionMode,
    hook_event_name: input.hookEventName,
    ...(input.agentId !== undefined && { agent_id: input.agentId }),
    ...(input.agentType !== undefined && { agent_type: input.agentType }),
    tool_name: input.toolName,
    tool_input: input.toolInput,
    tool_use_id: input.toolUseId,
  };
  switch (input.hookEventName) {
    case 'PreToolUse':
      return common;
    case 'PostToolUse':
      return { ...common, tool_response: input.toolResponse, duration_ms: Math.round(input.durationMs) };
    case 'PostToolUseFailure':
      return { ...common, error: input.error, is_interrupt: input.isInterrupt, duration_ms: Math.round(input.durationMs) };
  }
}
