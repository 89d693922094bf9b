import { formatConfigIssues } from '../config/format-config-issues.ts';
import { CodevError } from '../errors/codev-error.ts';
import { agentDefinitionSchema } from './agent-definition-schema.ts';
import type { AgentDefinition } from './agent-definition.ts';

/**
 * Checks an agent definition (`defineAgent({...})`, or what an agent script default-exports). Throws ONE
 * `AGENT_INVALID` listing every problem as `field: what was expected; got what` (an unknown key with the
 * key it was probably meant to be), with `file` (and `line`) when known and the first `field` set.
 *
 * @example
 * validateAgentDefinition({ value: { sytem: 'x' }, file: '/p/agent.ts' });
 * // AGENT_INVALID: Invalid agent definition (1 problem):
 * //   - sytem: unknown key; did you mean "system"? expected one of the keys prompt, tools, model, system, ...
 */
export function validateAgentDefinition(options: { value: unknown; file?: string; line?: number }): AgentDefinition {
  const result = agentDefinitionSchema().safeParse(options.value, { reportInput: true });
  if (result.success) return result.data as AgentDefinition;
  const issues = formatConfigIssues({ issues: result.error.issues, schema: agentDefinitionSchema() });
  const count = `${issues.length} problem${issues.length === 1 ? '' : 's'}`;
  const list = issues.map((issue) => `  - ${issue.field}: ${issue.problem}`).join('\n');
  throw new CodevError('AGENT_INVALID', `Invalid agent definition (${count}):\n${list}`, {
    file: options.file,
    line: options.line,
    field: issues[0]?.field,
    hint: 'fix the fields listed above; defineAgent() from codev lets the editor check them',
    cause: result.error,
  });
}
