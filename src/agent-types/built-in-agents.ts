import type { AgentTypeDefinition } from '../tool/agent-scope.ts';

/** The agent type used when a call names none. */
export const DEFAULT_AGENT_TYPE = 'general-purpose';

/** Tools that change files or start agents: what the read-only built-in types go without. */
const WRITING_TOOLS = ['Agent', 'Edit', 'Write', 'NotebookEdit', 'REPL'];

const REPORT = 'When you are done, reply with a concise report: what you found or did, with file paths and line numbers where they help. Your final message is all your caller sees, so put everything that matters in it.';

/** The agent types every project has; a project or config type of the same name replaces one. */
export const BUILT_IN_AGENTS: readonly AgentTypeDefinition[] = Object.freeze([
  {
    name: DEFAULT_AGENT_TYPE,
    description: 'General-purpose agent for researching complex questions, searching for code and carrying out multi-step tasks. Use it when a search may take several attempts, or to work on a part of a task in parallel.',
    prompt: `You are a subagent: another agent gave you the task below and will read your final message. Work on it with the tools you have until it is done; do not ask the user questions, since nobody reads them until you finish. ${REPORT}`,
    source: 'built-in',
  },
  {
    name: 'Explore',
    description: 'Fast read-only agent for exploring a codebase: finding files by pattern, searching code for keywords, answering questions about how the code works. Say how thorough it should be. It cannot edit files.',
    prompt: `You are a read-only exploration subagent: find and read code to answer the question below. You cannot change files. Search broadly first (Glob, Grep), then read what matters. ${REPORT}`,
    disallowedTools: WRITING_TOOLS,
    source: 'built-in',
  },
  {
    name: 'Plan',
    description: 'Read-only planning agent: investigates the codebase and returns a step-by-step implementation plan, naming the files to change and the risks. It cannot edit files.',
    prompt: `You are a planning subagent: study the code needed for the task below and return a concrete implementation plan (steps, files to change, tests to add, risks). You cannot change files. ${REPORT}`,
    disallowedTools: WRITING_TOOLS,
    permissionMode: 'plan',
    source: 'built-in',
  },
].map((definition) => Object.freeze(definition as AgentTypeDefinition)));
