import type { HookInput } from '../types.ts';
import { toClaudeCodePermissionUpdates } from './to-claude-code-permission-updates.ts';

/**
 * The JSON a command hook reads on stdin, in Claude Code's snake_case shape: the common fields
 * (`session_id`, `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, and `agent_id` and
 * `agent_type` for a call inside a subagent or a subagent event), then per event: the call (`tool_name`,
 * `tool_input`, `tool_use_id`), with `tool_response` (PostToolUse) or `error` and `is_interrupt`
 * (PostToolUseFailure) and `duration_ms` for both; nothing more for SubagentStart; `stop_hook_active` and
 * `last_assistant_message` for SubagentStop and Stop (no `agent_transcript_path`: codev keeps no transcript
 * file); `prompt` for UserPromptSubmit; `source` and `model` for SessionStart; `trigger`,
 * `custom_instructions` and `tokens_before` for PreCompact, `trigger`, `tokens_before`, `tokens_after` and
 * `summary` for PostCompact; `reason` for SessionEnd; `rewound_session_id`, `turn`, `files`, `conversation` and
 * `changes` for PreRewind, the same with `restored`, `kept` and `forked_session_id` for PostRewind; `tool_name`, `tool_input`
 * and `permission_suggestions` (Claude Code's `PermissionUpdate` shape, no `tool_use_id`) for PermissionRequest.
 */
export function toHookStdin(input: HookInput, session: { sessionId: string; transcriptPath: string }): Record<string, unknown> {
  const common = {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: input.cwd,
    permission_mode: input.permissionMode,
    hook_event_name: input.hookEventName,
    ...('agentId' in input && input.agentId !== undefined && { agent_id: input.agentId }),
    ...('agentType' in input && input.agentType !== undefined && { agent_type: input.agentType }),
  };
  if (input.hookEventName === 'SubagentStart') return common;
  if (input.hookEventName === 'UserPromptSubmit') return { ...common, prompt: input.prompt };
  if (input.hookEventName === 'SessionStart') return { ...common, source: input.source, ...(input.model !== undefined && { model: input.model }) };
  if (input.hookEventName === 'SessionEnd') return { ...common, reason: input.reason };
  if (input.hookEventName === 'PreCompact') return { ...common, trigger: input.trigger, custom_instructions: input.customInstructions ?? '', tokens_before: input.tokensBefore };
  if (input.hookEventName === 'PostCompact') return { ...common, trigger: input.trigger, tokens_before: input.tokensBefore, tokens_after: input.tokensAfter, ...(input.summary !== undefined && { summary: input.summary }) };
  if (input.hookEventName === 'PreRewind') return { ...common, rewound_session_id: input.sessionId, turn: input.turn, files: input.files, conversation: input.conversation, changes: input.changes };
  if (input.hookEventName === 'PostRewind') return { ...common, rewound_session_id: input.sessionId, turn: input.turn, files: input.files, conversation: input.conversation, restored: input.restored, kept: input.kept, ...(input.forkedSessionId !== undefined && { forked_session_id: input.forkedSessionId }) };
  if (input.hookEventName === 'PermissionRequest') {
    return { ...common, tool_name: input.toolName, tool_input: input.toolInput, permission_suggestions: toClaudeCodePermissionUpdates(input.permissionSuggestions) };
  }
  if (input.hookEventName === 'SubagentStop' || input.hookEventName === 'Stop') {
    return { ...common, stop_hook_active: input.stopHookActive, ...(input.lastAssistantMessage !== undefined && { last_assistant_message: input.lastAssistantMessage }) };
  }
  const call = { ...common, tool_name: input.toolName, tool_input: input.toolInput, tool_use_id: input.toolUseId };
  switch (input.hookEventName) {
    case 'PreToolUse':
      return call;
    case 'PostToolUse':
      return { ...call, tool_response: input.toolResponse, duration_ms: Math.round(input.durationMs) };
    case 'PostToolUseFailure':
      return { ...call, error: input.error, is_interrupt: input.isInterrupt, duration_ms: Math.round(input.durationMs) };
  }
}
