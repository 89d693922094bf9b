import type { ReplOutput } from './types.ts';

/** Characters of stdout and of stderr the model reads at most; the middle of longer output is cut. */
export const MAX_SHOWN_STDOUT_CHARS = 30_000;
export const MAX_SHOWN_STDERR_CHARS = 10_000;

/**
 * The text the model reads: stdout, stderr, then the result or the error. Long output keeps its start and
 * its end, with the number of characters cut in between.
 */
export function formatReplResult(output: ReplOutput): string {
  const parts: string[] = [];
  const stdout = output.stdout.replace(/\n+$/, '');
  const stderr = output.stderr.replace(/\n+$/, '');
  if (stdout !== '') parts.push(`stdout:\n${cutMiddle(stdout, MAX_SHOWN_STDOUT_CHARS)}`);
  if (stderr !== '') parts.push(`stderr:\n${cutMiddle(stderr, MAX_SHOWN_STDERR_CHARS)}`);
  if (output.error !== undefined) parts.push(`Error: ${output.error}`);
  else if (output.result !== undefined) parts.push(`Result: ${output.result}`);
  if (parts.length === 0) parts.push('(no output; the last expression was undefined)');
  return parts.join('\n\n');
}

function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor((max * 2) / 3);
  const tail = max - head;
  return `${text.slice(0, head)}\n... [${text.length - max} characters cut; print smaller parts, or keep the value in a variable] ...\n${text.slice(-tail)}`;
}
