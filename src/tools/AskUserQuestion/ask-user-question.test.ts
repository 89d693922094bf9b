import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import type { AgentScope } from '../../tool/agent-scope.ts';
import type { AskUser, UserQuestion } from '../../tool/ask-user.ts';
import { askUserQuestionTool } from './index.ts';

const auth = { question: 'Which auth method?', header: 'Auth', options: [{ label: 'OAuth', description: 'Sign in with a provider' }, { label: 'Password', description: 'Email and password' }] };
const extras = { question: 'Which extras?', header: 'Extras', multiSelect: true, options: [{ label: 'Logs', description: 'Audit logs' }, { label: 'MFA', description: 'Second factor' }, { label: 'SSO', description: 'Single sign-on' }] };

/** A context whose agent answers with `askUser`. */
function answeredBy(askUser: AskUser | undefined, options: Parameters<typeof createTestContext>[0] = {}) {
  const context = createTestContext({ tools: [askUserQuestionTool], ...options });
  return { ...context, agent: { agentId: 'main', askUser } as AgentScope };
}

describe('AskUserQuestion', () => {
  it('asks through askUser and gives the model each answer beside its question', async () => {
    const asked: (readonly UserQuestion[])[] = [];
    const context = answeredBy((questions) => {
      asked.push(questions);
      return { 'Which auth method?': 'OAuth', 'Which extras?': ['Logs', 'MFA'] };
    });
    const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth, extras] }, context });
    expect(result.status).toBe('ok');
    expect(asked).toEqual([[{ ...auth, multiSelect: false }, extras]]);
    expect(result.output).toMatchObject({ answers: { 'Which auth method?': 'OAuth', 'Which extras?': 'Logs, MFA' } });
    expect(resultText(result)).toContain('"Which auth method?"="OAuth", "Which extras?"="Logs, MFA"');
  });

  it('tells the model which questions were left unanswered, and ignores answers to questions it did not ask', async () => {
    const context = answeredBy(() => ({ 'Which extras?': '', 'What else?': 'x' }));
    const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth, extras] }, context });
    expect(result.output).toMatchObject({ answers: {} });
    expect(resultText(result)).toContain('did not answer');
  });

  it('fails with QUESTION_UNANSWERABLE when no one can answer: no agent, no askUser', async () => {
    for (const context of [createTestContext({ tools: [askUserQuestionTool] }), answeredBy(undefined)]) {
      const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth] }, context });
      expect(result.isError).toBe(true);
      expect(result.errorCode).toBe('QUESTION_UNANSWERABLE');
    }
  });

  it('fails with QUESTION_UNANSWERABLE when askUser throws', async () => {
    const context = answeredBy(() => {
      throw new Error('the terminal went away');
    });
    const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth] }, context });
    expect(result.errorCode).toBe('QUESTION_UNANSWERABLE');
  });

  it('refuses one option, five options, a long header, repeated questions and repeated labels', async () => {
    let calls = 0;
    const context = answeredBy(() => (calls++, {}));
    const bad = [
      [{ ...auth, options: [auth.options[0]] }],
      [{ ...auth, options: [...extras.options, ...auth.options] }],
      [{ ...auth, header: 'Authentication' }],
      [auth, auth],
      [{ ...auth, options: [auth.options[0], auth.options[0]] }],
    ];
    for (const questions of bad) {
      const { result } = await runTool({ name: 'AskUserQuestion', input: { questions }, context });
      expect(result.errorCode).toBe('INPUT_INVALID');
    }
    expect(calls).toBe(0);
  });

  it('still asks the user when a rule allows AskUserQuestion: no rule answers for them', async () => {
    let calls = 0;
    const context = answeredBy(() => (calls++, { 'Which auth method?': 'Password' }), { allow: ['AskUserQuestion'], mode: 'bypassPermissions' });
    const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth] }, context });
    expect(calls).toBe(1);
    expect(result.output).toMatchObject({ answers: { 'Which auth method?': 'Password' } });
  });

  it('a deny rule still keeps the question from the user', async () => {
    let calls = 0;
    const context = answeredBy(() => (calls++, {}), { deny: ['AskUserQuestion'] });
    const { result } = await runTool({ name: 'AskUserQuestion', input: { questions: [auth] }, context });
    expect(result.status).toBe('denied');
    expect(calls).toBe(0);
  });
});
