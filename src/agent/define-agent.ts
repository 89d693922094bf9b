import { fileURLToPath } from 'node:url';
import type { AgentDefinition } from './agent-definition.ts';
import { recordDefinedAgent } from './defined-agents.ts';
import { validateAgentDefinition } from './validate-agent-definition.ts';

export type { AgentDefinition } from './agent-definition.ts';

/**
 * Declares an agent for `codev run`. Checks the definition at once: a wrong type or an unknown key (with the
 * key it was probably meant to be) throws `AGENT_INVALID`, naming the calling file and line when the stack tells them.
 *
 * @example
 * export default defineAgent({ system: 'You are a careful engineer.', maxTurns: 20 });
 */
export function defineAgent(definition: AgentDefinition): AgentDefinition {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, defineAgent);
  const location = callerLocation(holder.stack);
  if (location.file !== undefined) recordDefinedAgent({ file: location.file, line: location.line });
  return validateAgentDefinition({ value: definition, ...location });
}

/** The file and line of the first stack frame (the caller), when it is a file. No column: a transpiled line's columns move. */
function callerLocation(stack: string | undefined): { file?: string; line?: number } {
  const frame = stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  const match = frame && /\(?((?:file:\/\/)?\/[^()]*?|[A-Za-z]:\\[^()]*?):(\d+):(\d+)\)?\s*$/.exec(frame.trim());
  if (!match) return {};
  const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
  return { file, line: Number(match[2]) };
}
