import { z } from 'zod';

const optionSchema = z.strictObject({
  label: z.string().trim().min(1).describe('What the user picks: one to five words'),
  description: z.string().describe('What picking this option means'),
});

const questionSchema = z.strictObject({
  question: z.string().trim().min(1).describe('The whole question, ending with a question mark'),
  header: z.string().trim().min(1).max(12).describe('A very short label shown beside the question (at most 12 characters), e.g. "Auth method"'),
  options: z.array(optionSchema).min(2).max(4).describe('Two to four choices; the user can also answer in their own words'),
  multiSelect: z.boolean().default(false).describe('True when more than one option may be picked'),
});

/** The input of AskUserQuestion: one to four questions, each with two to four options. */
export const askUserQuestionInputSchema = z.strictObject({
  questions: z.array(questionSchema).min(1).max(4).describe('The questions to ask (one to four)'),
});

/** A parsed AskUserQuestion input. */
export type AskUserQuestionInput = z.output<typeof askUserQuestionInputSchema>;
