import { rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { buildTool, decidePermission, type PermissionDecision, type Tool, type ToolUseContext } from '../../src/index.ts';
import { createTestContext } from '../../src/testing/index.ts';
import { denyPrompt } from '../tool-call/codev-add-context.ts';
import { bashRules } from './bash-rules.ts';

/**
 * A Bash-like tool: its only permission target is the command, and it has no opinion of its own
 * (`passthrough`), so what the rules do not allow is asked, as with a real shell tool.
 */
export const bashLikeTool: Tool = buildTool({
  name: 'Bash',
  description: 'Runs a shell command.',
  inputSchema: z.object({ command: z.string() }),
  getPermissionTargets: ({ command }) => [{ kind: 'command', command }],
  checkPermissions: () => ({ behavior: 'passthrough' }),
  call: async () => ({ data: '' }),
});

/** A session with 10, 50 (the default) or 1,000 Bash rules; `dispose` removes its temp folder. */
export function codevBashContext(ruleCount: 10 | 50 | 1000 = 50): { context: ToolUseContext; dispose: () => void } {
  const rules = bashRules(ruleCount);
  const context = createTestContext({ tools: [bashLikeTool], allow: [...rules.allow], deny: [...rules.deny], ask: [...rules.ask] });
  return { context, dispose: () => rmSync(path.dirname(context.sessionDirectory), { recursive: true, force: true }) };
}

/** The engine's decision for one command, exactly as the permission stage asks for it. Asks are answered "deny". */
export function decideCommand(context: ToolUseContext, command: string, index: number): Promise<PermissionDecision> {
  return decidePermission({ tool: bashLikeTool, input: { command }, toolUseId: `toolu_${index}`, context, canUseTool: denyPrompt });
}

/** How a decision came out: allowed by a rule, denied by a rule, or asked (and answered by the prompt). */
export function decisionKind(decision: PermissionDecision): 'allow' | 'deny' | 'ask' {
  if (decision.behavior === 'allow') return 'allow';
  return decision.source === 'user_reject' ? 'ask' : 'deny';
}
