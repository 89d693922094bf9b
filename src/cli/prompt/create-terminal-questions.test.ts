import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createColors } from '../render/colors.ts';
import { createTerminalQuestions } from './create-terminal-questions.ts';

function terminal(answers: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => {
    shown += chunk;
    if (/> $/.test(shown) && answers.length > 0) {
      shown = '';
      const answer = answers.shift()!;
      setImmediate(() => input.write(`${answer}\n`));
    }
  });
  return { input, output };
}

const colors = createColors({ isTTY: false, env: {} });
const options = [{ label: 'OAuth', description: 'A provider' }, { label: 'Password', description: 'Email' }, { label: 'SSO', description: 'Company login' }];
const questions = [
  { question: 'Which auth?', header: 'Auth', options, multiSelect: false },
  { question: 'Which extras?', header: 'Extras', options, multiSelect: true },
  { question: 'Anything else?', header: 'More', options, multiSelect: false },
];

describe('createTerminalQuestions', () => {
  it('takes a number, several numbers, or the user\'s own words; an empty line skips', async () => {
    const askUser = createTerminalQuestions({ ...terminal(['2', '1, 3', 'use magic links']), colors });
    expect(await askUser(questions, { signal: new AbortController().signal })).toEqual({ 'Which auth?': 'Password', 'Which extras?': 'OAuth, SSO', 'Anything else?': 'use magic links' });
    const skipping = createTerminalQuestions({ ...terminal(['', '', '9']), colors });
    expect(await skipping(questions, { signal: new AbortController().signal })).toEqual({ 'Anything else?': '9' });
  });
});
