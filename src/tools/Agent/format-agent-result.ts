import type { AgentOutput } from './types.ts';

/** The text the model reads for an Agent call: the report, then one line of facts and any notes. */
export function formatAgentResult(output: AgentOutput): string {
  if (output.status === 'async_launched') {
    return [
      `Started agent ${output.agentId} (${output.agentType}) in the background: ${output.description}.`,
      `Task id: ${output.agentId}. Read its progress and final report with TaskOutput({"task_id":"${output.agentId}"}) (block: false to peek), stop it with TaskStop.`,
      `Its output file: ${output.outputFile}`,
    ].join('\n');
  }
  const facts = [`agentId: ${output.agentId}`, `type: ${output.agentType}`, `${output.totalToolUseCount} tool use${output.totalToolUseCount === 1 ? '' : 's'}`, `${output.totalTokens} tokens`, `${(output.totalDurationMs / 1000).toFixed(1)} s`];
  const lines = [output.content[0]?.text || '(The agent ended without a report.)', '', `[${facts.join(' · ')}]`];
  if (output.endReason !== 'end_turn') lines.push(`[The agent stopped early (${output.endReason}); its report may be incomplete.]`);
  if (output.worktree?.kept) {
    const { path, branch, changedFiles, commits } = output.worktree;
    lines.push(`[Its changes are in the worktree ${path} on branch ${branch}: ${changedFiles.length} changed file${changedFiles.length === 1 ? '' : 's'}, ${commits} new commit${commits === 1 ? '' : 's'}. Review and merge them from there.]`);
  } else if (output.worktree) {
    lines.push('[It made no changes in its worktree, which was removed.]');
  }
  for (const note of output.notes) lines.push(`[${note}]`);
  return lines.join('\n');
}
