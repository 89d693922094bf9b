/** The subagent vocabulary: what discovery of agent types found. Types only. */
import type { CodevError } from '../errors/codev-error.ts';
import type { AgentTypeDefinition } from '../tool/agent-scope.ts';

/** What discovery found: the types by priority and the files that could not be read, as values. */
export interface AgentTypeDiscovery {
  definitions: AgentTypeDefinition[];
  errors: CodevError[];
}
