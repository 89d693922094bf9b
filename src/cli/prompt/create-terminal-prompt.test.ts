import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createColors } from '../render/colors.ts';
import { createTerminalPrompt } from './create-terminal-prompt.ts';

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

const request = (suggestions = [{ type: 'addRules' as const, behavior: 'allow' as const, rules: ['Bash(make test)'], destination: 'local' as const }]) => ({
  toolUseId: 't1',
  signal: new AbortController().signal,
  message: 'Bash wants to run make test',
  suggestions,
});
const colors = createColors({ isTTY: false, env: {} });
const tool = { name: 'Bash', userFacingName: 'Bash' };

describe('createTerminalPrompt', () => {
  it('allows once, always (with the suggested rules) and rejects with feedback', async () => {
    expect(await createTerminalPrompt({ ...terminal(['y']), colors })(tool, { command: 'make test' }, request())).toEqual({ behavior: 'allow' });
    const always = await createTerminalPrompt({ ...terminal(['a']), colors })(tool, { command: 'make test' }, request());
    expect(always).toEqual({ behavior: 'allow', updatedPermissions: request().suggestions });
    const rejected = await createTerminalPrompt({ ...terminal(['n', 'run the unit tests only']), colors })(tool, { command: 'make test' }, request());
    expect(rejected).toEqual({ behavior: 'deny', message: 'run the unit tests only' });
    const noRules = await createTerminalPrompt({ ...terminal(['a', '']), colors })(tool, {}, request([]));
    expect(noRules).toEqual({ behavior: 'deny', message: undefined });
  });
});
