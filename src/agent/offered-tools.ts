import type { AgentScope } from '../tool/agent-scope.ts';
import type { Tool } from '../tool/types.ts';
import { ASK_USER_QUESTION_TOOL_NAME } from '../tools/AskUserQuestion/index.ts';

// One filtered pool per pool, so its identity (and the request tools made from it) is stable from turn to turn.
const withoutQuestions = new WeakMap<readonly Tool[], readonly Tool[]>();

/**
 * The tools the model is offered from `pool`: all of them, except AskUserQuestion when no one can answer it
 * (the agent has no `askUser`, as every subagent): its schema would cost tokens for calls that can only fail.
 */
export function offeredTools(pool: readonly Tool[], agent: Pick<AgentScope, 'askUser'> | undefined): readonly Tool[] {
  if (agent?.askUser || !pool.some((tool) => tool.name === ASK_USER_QUESTION_TOOL_NAME)) return pool;
  let offered = withoutQuestions.get(pool);
  if (!offered) withoutQuestions.set(pool, (offered = pool.filter((tool) => tool.name !== ASK_USER_QUESTION_TOOL_NAME)));
  return offered;
}
