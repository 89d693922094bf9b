import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';

const HINT = 'write one task per line: a JSON string ("fix the login test") or an object ({"prompt": "fix the login test"})';

/**
 * The prompts of a JSON Lines file, one per line: a JSON string, or an object with a `prompt` string. Blank
 * lines are skipped. The whole file is read before anything is submitted, so a bad line (named by file and
 * line, with what is wrong) queues nothing: `CLI_USAGE`.
 */
export async function readPromptsFile(options: { file: string; cwd: string }): Promise<string[]> {
  const file = path.resolve(options.cwd, options.file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CodevError('CLI_USAGE', `Cannot read the prompts file: ${errorMessage(error)}`, { file, hint: 'pass a JSON Lines file of tasks, e.g. --prompts tasks.jsonl' });
  }
  const prompts: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const problem = (what: string) => new CodevError('CLI_USAGE', `${file}:${index + 1}: ${what}`, { file, line: index + 1, hint: HINT });
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw problem(`not JSON (${errorMessage(error)})`);
    }
    const prompt = typeof value === 'string' ? value : isPromptObject(value) ? value.prompt : undefined;
    if (prompt === undefined) throw problem('expected a JSON string or an object with a "prompt" string');
    if (prompt.trim() === '') throw problem('the prompt is empty');
    prompts.push(prompt);
  });
  if (prompts.length === 0) throw new CodevError('CLI_USAGE', `${file} has no tasks`, { file, hint: HINT });
  return prompts;
}

function isPromptObject(value: unknown): value is { prompt: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { prompt?: unknown }).prompt === 'string';
}
