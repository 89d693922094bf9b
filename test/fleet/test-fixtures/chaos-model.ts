/**
 * The model of the fleet chaos scenario: its next reply follows from the transcript alone, so a job resumed
 * on any worker, from any checkpoint, gets the same next step. A job's prompt is `chaos-job <tag> <rounds>`.
 * It first asks `pwd` (where its checkout is, as a model would), then per round: Write a new file, append a
 * line to it with Bash, Read README.md, Edit README.md; then it says `done <tag>`. After a failed call it asks
 * `pwd` again and makes the call again (a failed Edit after a Read: a resumed attempt has not read the
 * file); after 3 failures in a row it gives up.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { textReply, toolUseReply, type FakeMessageReply } from '../../../src/testing/index.ts';

const PROMPT = /chaos-job (\S+) (\d+)/;
const MAX_FAILURES = 3;

/** One step of a job's plan: the tool and its input, relative to the checkout `cwd`. */
export interface ChaosStep {
  name: 'Write' | 'Bash' | 'Read' | 'Edit';
  input: (cwd: string) => Record<string, unknown>;
}

/** The base README every job edits: its `## Log` line is where each round's line goes. */
export const README = '# Chaos base\n\nEvery job of the fleet chaos test edits this file on its own branch.\n\n## Log\n';

export function chaosPrompt(tag: string, rounds: number): string {
  return `chaos-job ${tag} ${rounds}`;
}

/** The steps of job `tag` after its `pwd`. */
export function chaosPlan(tag: string, rounds: number): ChaosStep[] {
  return Array.from({ length: rounds }, (_, index) => {
    const round = index + 1;
    const file = `work/${tag}/round-${round}.txt`;
    return [
      { name: 'Write', input: (cwd) => ({ file_path: `${cwd}/${file}`, content: `${tag} round ${round}: written\n` }) },
      { name: 'Bash', input: () => ({ command: `printf '%s\\n' '${tag} round ${round}: appended' >> ${file}`, description: 'append a line' }) },
      { name: 'Read', input: (cwd) => ({ file_path: `${cwd}/README.md` }) },
      { name: 'Edit', input: (cwd) => ({ file_path: `${cwd}/README.md`, old_string: '## Log\n', new_string: `## Log\n- ${tag} round ${round}\n` }) },
    ] satisfies ChaosStep[];
  }).flat();
}

/** A tool call of a transcript with the result that answered it (undefined: none yet). */
export interface AnsweredCall {
  use: Anthropic.ToolUseBlockParam;
  result?: Anthropic.ToolResultBlockParam;
}

/** Every tool call of `messages` in order, each with its result. */
export function answeredCalls(messages: readonly Anthropic.MessageParam[]): AnsweredCall[] {
  const blocks = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
  const results = new Map(blocks.filter((block): block is Anthropic.ToolResultBlockParam => block.type === 'tool_result').map((block) => [block.tool_use_id, block]));
  return blocks.filter((block): block is Anthropic.ToolUseBlockParam => block.type === 'tool_use').map((use) => ({ use, result: results.get(use.id) }));
}

/** The text of a tool result. */
export function resultText(result: Anthropic.ToolResultBlockParam): string {
  if (typeof result.content === 'string') return result.content;
  return (result.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The prompt's tag and rounds, or undefined when the first message is not a chaos job's prompt. */
export function parseChaosPrompt(messages: readonly Anthropic.MessageParam[]): { tag: string; rounds: number } | undefined {
  const first = messages[0];
  const text = typeof first?.content === 'string' ? first.content : (first?.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
  const match = PROMPT.exec(text.trim());
  return match ? { tag: match[1]!, rounds: Number(match[2]) } : undefined;
}

/** The reply to a request carrying `messages`. */
export function chaosReply(messages: readonly Anthropic.MessageParam[]): FakeMessageReply {
  const job = parseChaosPrompt(messages);
  if (!job) return textReply('not a chaos job');
  const calls = answeredCalls(messages);
  const id = `toolu_${job.tag}_${calls.length + 1}`;
  const plan = chaosPlan(job.tag, job.rounds);
  let cwd: string | undefined;
  let next = 0;
  let failures = 0;
  for (const call of calls) {
    const succeeded = call.result !== undefined && call.result.is_error !== true;
    if (isPwd(call)) {
      if (succeeded) cwd = resultText(call.result!).trim();
      else failures += 1;
    } else if (succeeded) {
      next += 1;
      failures = 0;
    } else {
      failures += 1;
      // Where am I now? (A resumed attempt may work elsewhere.) And it has not read README.md: read it again.
      cwd = undefined;
      if (plan[next]?.name === 'Edit') next -= 1;
    }
  }
  if (failures >= MAX_FAILURES) return textReply(`gave up ${job.tag} at step ${next + 1}`);
  if (cwd === undefined) return toolUseReply('Bash', { command: 'pwd', description: 'where am I' }, { id });
  const step = plan[next];
  if (!step) return textReply(`done ${job.tag}`);
  return toolUseReply(step.name, step.input(cwd), { id });
}

/** A `pwd` call: where the job's checkout is, as the transcript says. */
export function isPwd(call: AnsweredCall): boolean {
  return call.use.name === 'Bash' && (call.use.input as { command?: string }).command === 'pwd';
}
