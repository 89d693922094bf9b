/**
 * The oracle of the fleet chaos test, independent of codev's code: what a job's branch must hold, replayed
 * from its transcript alone. It starts from the base tree and applies, in order, every Write, Edit and
 * `printf ... >> file` Bash call whose result is not an error; paths are taken relative to the checkout the
 * transcript's last `pwd` before the call named. A call it cannot replay (an unknown command, a path outside the checkout, an
 * edit whose old text is not there) is a problem: the transcript then says something the files cannot be.
 */
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';

const APPEND = /^printf '%s\\n' '([^']*)' >> (\S+)$/;

/** The text of a tool result (its text blocks joined). */
function resultText(result: Anthropic.ToolResultBlockParam): string {
  if (typeof result.content === 'string') return result.content;
  return (result.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** A transcript's tool call with its result, as `answeredCalls` gives them. */
interface Call {
  use: Anthropic.ToolUseBlockParam;
  result?: Anthropic.ToolResultBlockParam;
}

/**
 * The files (repository path → content) the branch must hold after `calls` ran on `base`, and the
 * problems met on the way.
 */
export function replayTranscriptWrites(options: { base: ReadonlyMap<string, string>; calls: readonly Call[] }): { files: Map<string, string>; problems: string[] } {
  const files = new Map(options.base);
  const problems: string[] = [];
  let cwd: string | undefined;
  for (const { use, result } of options.calls) {
    if (!result || result.is_error === true) continue;
    const input = use.input as Record<string, unknown>;
    const where = `${use.name} ${use.id}`;
    const relative = (file: string): string | undefined => {
      if (cwd === undefined) return void problems.push(`${where}: a write before the transcript said where its checkout is`);
      const name = path.posix.relative(cwd, path.posix.resolve(cwd, file));
      if (name === '' || name.startsWith('../') || name === '..' || path.posix.isAbsolute(name)) return void problems.push(`${where}: wrote ${file}, outside its checkout ${cwd}`);
      return name;
    };
    if (use.name === 'Write') {
      const name = relative(String(input.file_path));
      if (name !== undefined) files.set(name, String(input.content));
    } else if (use.name === 'Edit') {
      const name = relative(String(input.file_path));
      if (name === undefined) continue;
      const before = files.get(name) ?? '';
      const oldText = String(input.old_string);
      if (oldText === '' && files.has(name)) problems.push(`${where}: created ${name}, which the transcript already holds`);
      else if (oldText !== '' && !before.includes(oldText)) problems.push(`${where}: replaced text that ${name} does not hold by then`);
      else files.set(name, input.replace_all === true ? before.split(oldText).join(String(input.new_string)) : before.replace(oldText, () => String(input.new_string)));
    } else if (use.name === 'Bash') {
      const command = String(input.command);
      if (command === 'pwd') {
        cwd = resultText(result).trim();
        continue;
      }
      const append = APPEND.exec(command);
      const name = append ? relative(append[2]!) : undefined;
      if (!append) problems.push(`${where}: the oracle cannot replay the command ${JSON.stringify(command)}`);
      else if (name !== undefined) files.set(name, (files.get(name) ?? '') + `${append[1]}\n`);
    }
  }
  return { files, problems };
}
