import type { UserAnswers, UserQuestion } from '../../tool/ask-user.ts';

/**
 * The answers kept for the model: one string per answered question, by question text (a multi-select
 * answer's labels joined by ", "); answers to questions that were not asked and empty answers are dropped.
 */
export function normalizeAnswers(questions: readonly UserQuestion[], answers: UserAnswers | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const { question } of questions) {
    const answer = answers?.[question];
    const text = (typeof answer === 'string' ? answer : Array.isArray(answer) ? answer.filter((part) => typeof part === 'string').join(', ') : '').trim();
    if (text !== '') kept[question] = text;
  }
  return kept;
}

/** What the model reads: each answer beside its question, and the questions the user left unanswered. */
export function formatAnswers(questions: readonly UserQuestion[], answers: Readonly<Record<string, string>>): string {
  const answered = questions.filter(({ question }) => answers[question] !== undefined);
  const skipped = questions.filter(({ question }) => answers[question] === undefined);
  if (answered.length === 0) return 'The user did not answer your questions. Go on with your best judgement, or ask again differently if you cannot.';
  const pairs = answered.map(({ question }) => `"${question}"="${answers[question]}"`).join(', ');
  const unanswered = skipped.length > 0 ? ` They did not answer: ${skipped.map(({ question }) => `"${question}"`).join(', ')}.` : '';
  return `User has answered your questions: ${pairs}.${unanswered} You can now continue with the user's answers in mind.`;
}
