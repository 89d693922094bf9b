import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { UserQuestion } from '../../tool/ask-user.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { askUserQuestionInputSchema } from './input-schema.ts';
import { formatAnswers, normalizeAnswers } from './format-answers.ts';
import { ASK_USER_QUESTION_DESCRIPTION, ASK_USER_QUESTION_PROMPT } from './prompt.ts';

export type { AskUserQuestionInput } from './input-schema.ts';

/** The name the model calls. */
export const ASK_USER_QUESTION_TOOL_NAME = 'AskUserQuestion';

/** What AskUserQuestion returns: the questions asked and the answers given, by question text. */
export interface AskUserQuestionOutput {
  questions: readonly UserQuestion[];
  answers: Readonly<Record<string, string>>;
}

const UNANSWERABLE = 'No one can answer questions here (this agent has no askUser: a script without one, a subagent, or codev run without a terminal). Do not ask again: go on with your best judgement and say in your answer what you assumed.';

/**
 * AskUserQuestion: multiple-choice questions answered by the agent's `askUser` callback (the top-level
 * agent's; subagents have none). Without one the agent does not offer the tool, and a call fails with
 * `QUESTION_UNANSWERABLE`. Its permission step always allows the call, so no rule, mode or skill's
 * `allowed-tools` can stand in for the user: the answers only ever come from `askUser`.
 */
export const askUserQuestionTool = buildBuiltinTool({
  name: ASK_USER_QUESTION_TOOL_NAME,
  searchHint: 'ask user question choice clarify preference',
  inputSchema: askUserQuestionInputSchema,
  description: ASK_USER_QUESTION_DESCRIPTION,
  prompt: () => ASK_USER_QUESTION_PROMPT,
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel',
  userFacingName: () => 'Ask User',
  getActivityDescription: () => 'Waiting for the user to answer',
  renderToolUseMessage: (input) => (input.questions ?? []).map((question) => question.header).join(', '),
  renderToolResultMessage: (output: AskUserQuestionOutput) => Object.entries(output.answers).map(([question, answer]) => `${question} → ${answer}`).join('\n') || 'No answer',
  validateInput: (input, context) => {
    if (!context.agent?.askUser) return { result: false, code: 'QUESTION_UNANSWERABLE', message: UNANSWERABLE };
    const texts = input.questions.map((question) => question.question);
    if (new Set(texts).size !== texts.length) return { result: false, message: 'Each question must be different: answers are keyed by the question text.', errorCode: 1 };
    const repeated = input.questions.find((question) => new Set(question.options.map((option) => option.label)).size !== question.options.length);
    if (repeated) return { result: false, message: `The options of "${repeated.question}" must have different labels.`, errorCode: 2 };
    return { result: true };
  },
  async call(input, context): Promise<{ data: AskUserQuestionOutput }> {
    const askUser = context.agent?.askUser;
    if (!askUser) throw new CodevError('QUESTION_UNANSWERABLE', UNANSWERABLE, { tool: ASK_USER_QUESTION_TOOL_NAME });
    const questions: readonly UserQuestion[] = input.questions;
    let answers;
    try {
      answers = await askUser(questions, { signal: context.signal });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new CodevError('QUESTION_UNANSWERABLE', `The user could not be asked: ${errorMessage(error)}. Go on with your best judgement and say what you assumed.`, { tool: ASK_USER_QUESTION_TOOL_NAME, cause: error });
    }
    return { data: { questions, answers: normalizeAnswers(questions, answers) } };
  },
  mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatAnswers(output.questions, output.answers) }),
});
