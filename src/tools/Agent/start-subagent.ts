import { CodevError } from '../../errors/codev-error.ts';
import type { AgentProgress } from '../../progress/types.ts';
import { acquireSubagentSlot } from '../../subagents/acquire-subagent-slot.ts';
import { agentIdOf } from '../../tool/agent-id-of.ts';
import { createSubagentContext } from '../../subagents/create-subagent-context.ts';
import { narrowPermissionMode } from '../../subagents/narrow-permission-mode.ts';
import { resolveModel } from '../../subagents/resolve-model.ts';
import { resolveSubagentTools } from '../../subagents/resolve-subagent-tools.ts';
import { createSubagentRunner, type SubagentOutcome } from '../../subagents/create-subagent-runner.ts';
import type { AgentTypeDefinition, AgentScope } from '../../tool/agent-scope.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { ToolCallContext } from '../../tool/types.ts';
import type { AgentWorktree } from '../../worktrees/index.ts';
import { reportAgentProgress } from './report-agent-progress.ts';
import type { AgentInput } from './input-schema.ts';
import { mapIntoWorktree } from './map-into-worktree.ts';
import { registerSubagent } from './register-subagent.ts';
import { startBackgroundSubagent } from './start-background-subagent.ts';
import type { AgentCompletedOutput, SubagentActivity } from '../../tool/agent-run.ts';
import type { AgentOutput } from './types.ts';

/**
 * Starts one subagent for an Agent call: takes a slot of the agent tree (or fails with `AGENT_LIMIT`),
 * narrows the mode, makes the worktree when asked, builds its pool and context, then either runs it to
 * the end (reporting AgentProgress) or hands it to a background task. The slot is released and the
 * worktree finished (removed when untouched) however the run ends.
 */
export async function startSubagent(options: {
  input: AgentInput;
  context: ToolCallContext<AgentProgress>;
  scope: AgentScope;
  definition: AgentTypeDefinition;
  agentId: string;
  cwd: string;
}): Promise<AgentOutput> {
  const { input, context, scope, definition, agentId } = options;
  acquireSubagentSlot(scope);
  let worktree: AgentWorktree | undefined;
  // Once a background task owns the run, it releases the slot and finishes the worktree.
  let handedOff = false;
  const release = async () => {
    if (worktree) await finishAgentWorktree(worktree).catch(() => undefined);
    scope.slots.release();
  };
  try {
    const notes: string[] = [];
    const narrowed = narrowPermissionMode({ parent: context.permissionContext.mode, requested: input.mode ?? definition.permissionMode });
    if (narrowed.note) notes.push(narrowed.note);
    const tools = resolveSubagentTools({ parentTools: context.tools, agentType: definition.name, tools: definition.tools, disallowedTools: definition.disallowedTools, canNest: scope.depth + 2 <= scope.limits.maxDepth });
    let cwd = options.cwd;
    let projectRoot = (context as { projectRoot?: string }).projectRoot;
    if (input.isolation === 'worktree') {
      const { createAgentWorktree } = await import('../../worktrees/index.ts');
      worktree = await createAgentWorktree({ cwd, name: agentId, signal: context.signal });
      cwd = worktree.cwd;
      if (projectRoot) projectRoot = mapIntoWorktree(projectRoot, worktree);
    }
    const makeContext = createSubagentContext({ parent: context, agentId, tools, mode: narrowed.mode, disallowedTools: definition.disallowedTools ?? [], cwd, projectRoot });
    const model = resolveModel({ requested: input.model, typeModel: definition.model, parentModel: scope.model, env: scope.env });
    const persistedSession = (context as { persistedSession?: ToolUseContext['persistedSession'] }).persistedSession;
    const runner = createSubagentRunner({ parent: scope, definition, agentId, model, cwd, context: makeContext, canUseTool: context.canUseTool, persistedSession });
    // A worktree kept after a run (it has changes) stays the subagent's for the runs SendMessage asks for.
    let keptWorktree: AgentWorktree | undefined;
    const finish = async (outcome: SubagentOutcome, prompt: string): Promise<AgentCompletedOutput> => {
      const current = worktree ?? keptWorktree;
      const kept = current ? await finishAgentWorktree(current) : undefined;
      worktree = undefined;
      keptWorktree = kept?.kept ? current : undefined;
      if (outcome.error) throw new CodevError(outcome.error.code, `Subagent ${agentId} failed: ${outcome.error.message}`);
      return {
        status: 'completed', agentId, agentType: definition.name, name: input.name, teamName: input.team_name, prompt,
        content: [{ type: 'text', text: outcome.text }], endReason: outcome.endReason, totalToolUseCount: outcome.toolUseCount,
        totalDurationMs: outcome.durationMs, totalTokens: outcome.usage.inputTokens + outcome.usage.outputTokens, usage: outcome.usage,
        model, mode: narrowed.mode, worktree: kept && { path: kept.path, branch: kept.branch, kept: kept.kept, changedFiles: kept.changedFiles, commits: kept.commits }, notes: [...notes, ...outcome.notes],
        ...(outcome.sessionId && { sessionId: outcome.sessionId }),
      };
    };

    const gone = () => (input.isolation === 'worktree' && !keptWorktree ? 'its worktree was removed, as it made no changes' : undefined);
    const registration = registerSubagent({
      sessionDirectory: context.sessionDirectory, agentId, agentType: definition.name, description: input.description, owner: agentIdOf(context), scope,
      resumeRun: async (resumeOptions) => finish(await runner.run(resumeOptions), resumeOptions.prompt),
      goneReason: gone,
      send: (message) => runner.send(message),
    });
    const run = async ({ signal, onActivity }: { signal: AbortSignal; onActivity: (activity: SubagentActivity) => void }) => {
      try {
        // Its queries' spans nest under this Agent call's span, also when it runs in the background.
        return await finish(await runner.run({ prompt: input.prompt, signal, onActivity, parentSpan: context.toolSpan }), input.prompt);
      } finally {
        registration.ended();
      }
    };
    if (input.run_in_background) {
      const launched = startBackgroundSubagent({ input, context, definition, agentId, run, release });
      handedOff = true;
      return launched;
    }

    return await run({ signal: context.signal, onActivity: reportAgentProgress(context, { agentId, agentType: definition.name }) });
  } finally {
    if (!handedOff) await release();
  }
}

// Loaded on first use: most runs never make a worktree.
async function finishAgentWorktree(worktree: AgentWorktree) {
  const worktrees = await import('../../worktrees/index.ts');
  return worktrees.finishAgentWorktree(worktree);
}
