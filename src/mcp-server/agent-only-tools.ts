/**
 * Tools that only make sense inside an agent loop (they start agents, talk to the user of the loop, or keep
 * the loop's own state): not served unless named in `tools`.
 */
export const AGENT_ONLY_TOOLS: readonly string[] = Object.freeze(['Agent', 'SendMessage', 'AskUserQuestion', 'TodoWrite', 'ToolSearch']);
