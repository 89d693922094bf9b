/** The vocabulary of AskUserQuestion: the questions the model asks and the callback that answers them. Types only. */

/** One choice of a question. */
export interface UserQuestionOption {
  /** What the user picks: one to five words. */
  label: string;
  /** What picking it means. */
  description: string;
}

/** A multiple-choice question the model asks the user. */
export interface UserQuestion {
  /** The whole question, ending with a question mark; unique within one call. */
  question: string;
  /** A very short label for the question (at most 12 characters), e.g. "Auth method". */
  header: string;
  /** Two to four choices. The user may also answer in their own words. */
  options: readonly UserQuestionOption[];
  /** True when more than one choice may be picked. */
  multiSelect: boolean;
}

/**
 * The user's answers, by question text: a chosen label, the labels of a multi-select question, or the
 * user's own words. A question left out was not answered.
 */
export type UserAnswers = Readonly<Record<string, string | readonly string[]>>;

/**
 * Asks the user the model's questions and returns their answers. Called by AskUserQuestion, one call at a
 * time; `signal` aborts when the query is interrupted. Throwing counts as no answer.
 */
export type AskUser = (questions: readonly UserQuestion[], options: { signal: AbortSignal }) => UserAnswers | Promise<UserAnswers>;
