import { createInterface } from 'node:readline/promises';
import type { AskUser } from '../../tool/ask-user.ts';
import type { Colors } from '../render/colors.ts';

/**
 * Answers AskUserQuestion on the terminal: each question with its numbered options; the user types a number
 * (several, comma-separated, for a multi-select question) or their own words; an empty line skips it.
 */
export function createTerminalQuestions(options: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; colors: Colors }): AskUser {
  return async (questions, { signal }) => {
    const readline = createInterface({ input: options.input, output: options.output, terminal: true });
    const answers: Record<string, string> = {};
    try {
      for (const question of questions) {
        const choices = question.options.map((option, index) => `  ${index + 1}. ${options.colors.bold(option.label)} ${options.colors.dim(option.description)}`).join('\n');
        options.output.write(`\n${options.colors.yellow('?')} [${question.header}] ${question.question}\n${choices}\n`);
        const how = question.multiSelect ? 'numbers separated by commas' : 'a number';
        const typed = (await readline.question(`  ${how}, or your own answer > `, { signal })).trim();
        const picked = typed.split(',').map((part) => question.options[Number(part.trim()) - 1]?.label);
        if (typed !== '') answers[question.question] = picked.every(Boolean) ? picked.join(', ') : typed;
      }
    } finally {
      readline.close();
    }
    return answers;
  };
}
