import path from 'node:path';
import { CodevError, errorMessage } from '../../../errors/codev-error.ts';
import { openRegularFile } from '../../../files/open-regular-file.ts';
import type { FakeReply } from '../../../testing/fake-messages-server/fake-reply.ts';
import { replyProblem } from './fake-model-reply-problem.ts';

/**
 * The replies of a `codev fake-model --script` file, in order: a JSON array of replies, or JSON Lines (one
 * reply per line; blank lines skipped). Each reply is a `FakeReply` of codev/testing. A file that cannot be
 * read, parsed or validated is `FAKE_SCRIPT_INVALID` naming the file, the line and the field.
 */
export async function readFakeScriptFile(options: { file: string; cwd: string }): Promise<FakeReply[]> {
  const file = path.resolve(options.cwd, options.file);
  let text: string;
  try {
    text = await readScriptText(file);
  } catch (error) {
    throw new CodevError('FAKE_SCRIPT_INVALID', `Cannot read the fake model's script: ${errorMessage(error)}`, { file, hint: 'give --script a JSON or JSON Lines file of replies (a regular file)' });
  }
  const entries = text.trimStart().startsWith('[') ? arrayEntries(text, file) : lineEntries(text, file);
  if (entries.length === 0) throw new CodevError('FAKE_SCRIPT_INVALID', 'The fake model\'s script holds no reply', { file, hint: 'add replies such as {"content":[{"type":"text","text":"Hello"}]}' });
  return entries.map((entry, index) => {
    const problem = replyProblem(entry.value);
    if (problem) throw new CodevError('FAKE_SCRIPT_INVALID', `Reply #${index + 1} of the fake model's script is not a reply: ${problem.message}`, { file, line: entry.line, field: problem.field, hint: 'a reply is {"content": [blocks]} (optional "stopReason", "usage") or {"error": {"status": 529}}: the FakeReply type of codev/testing' });
    return entry.value as FakeReply;
  });
}

/** A script past this size is a mistake (a log, a device), not replies someone wrote: refused before it is read. */
const MAX_SCRIPT_BYTES = 64 * 1024 * 1024;

/**
 * The file's text when it is a regular file of at most `MAX_SCRIPT_BYTES`: a FIFO nobody writes is refused at
 * once instead of waiting forever, a device (/dev/zero) unopened (openRegularFile).
 */
async function readScriptText(file: string): Promise<string> {
  const opened = await openRegularFile(file);
  if (!opened.ok) throw new Error(`${file} is a ${opened.type}, not a regular file`);
  try {
    if (opened.stats.size > MAX_SCRIPT_BYTES) throw new Error(`${opened.stats.size} bytes, more than the ${MAX_SCRIPT_BYTES / 1024 / 1024} MiB a script may have`);
    return await opened.handle.readFile('utf8');
  } finally {
    await opened.handle.close();
  }
}

type Entry = { value: unknown; line: number };

function lineEntries(text: string, file: string): Entry[] {
  const entries: Entry[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    try {
      entries.push({ value: JSON.parse(line), line: index + 1 });
    } catch (error) {
      throw new CodevError('FAKE_SCRIPT_INVALID', `Line ${index + 1} of the fake model's script is not JSON: ${errorMessage(error)}`, { file, line: index + 1, hint: 'a JSON Lines script has one reply object per line; a JSON script is one array' });
    }
  }
  return entries;
}

function arrayEntries(text: string, file: string): Entry[] {
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(errorMessage(error))?.[1];
    throw new CodevError('FAKE_SCRIPT_INVALID', `The fake model's script is not JSON: ${errorMessage(error)}`, { file, line: position === undefined ? undefined : lineAt(text, Number(position)) });
  }
  if (!Array.isArray(values)) throw new CodevError('FAKE_SCRIPT_INVALID', 'A JSON script is an array of replies', { file, line: 1 });
  const starts = elementStarts(text);
  return values.map((value, index) => ({ value, line: lineAt(text, starts[index] ?? 0) }));
}

/** The offsets where the top-level array's elements start (the JSON is known to be valid). */
function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let offset = 0; offset < text.length; offset++) {
    const char = text[offset]!;
    if (inString) {
      if (char === '\\') offset++;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (expecting && char !== ']') {
      starts.push(offset);
      expecting = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expecting = true;
  }
  return starts;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}
