import type Anthropic from '@anthropic-ai/sdk';
import path from 'node:path';

/** What the last successful file-writing call of a path says the file holds. */
export interface TranscriptWrite {
  /** Absolute: the call's path, resolved against the checkout when it was relative. */
  file: string;
  /** The call that wrote it last. */
  toolUseId: string;
  /** `Write`: the whole file. */
  content?: string;
  /** `Edit`: text the file holds after the edit (empty edits and notebook edits say only that the file exists). */
  contains?: string;
}

/** Tools that change no file: a write before them still stands. Any other tool (Bash, a plugin's) may change any file. */
const READ_ONLY_TOOLS = new Set(['Read', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'TodoWrite', 'ToolSearch', 'AskUserQuestion', 'TaskOutput']);

/**
 * The files a conversation's successful Write, Edit and NotebookEdit calls wrote, each with what its last
 * such call left, in the order of those calls. A call is successful when its result is there and is no
 * error. A path is left out when any call after its last write, other than a read-only tool's or a write to
 * another path, may have changed it (Bash, a delete, a plugin's tool): what it holds then is not known.
 */
export function transcriptWrites(options: { messages: readonly Anthropic.MessageParam[]; checkout: string }): TranscriptWrite[] {
  const blocks = options.messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
  const failed = new Set<string>();
  const answered = new Set<string>();
  for (const block of blocks) {
    if (block.type !== 'tool_result') continue;
    answered.add(block.tool_use_id);
    if (block.is_error) failed.add(block.tool_use_id);
  }
  const writes = new Map<string, TranscriptWrite>();
  for (const block of blocks) {
    if (block.type !== 'tool_use') continue;
    const write = writeOf(block, options.checkout);
    if (write && answered.has(block.id) && !failed.has(block.id)) {
      writes.delete(write.file);
      writes.set(write.file, write);
      continue;
    }
    // A failed write changed nothing; a read changes nothing; anything else may have changed every file written so far.
    if (!write && !READ_ONLY_TOOLS.has(block.name)) writes.clear();
  }
  return [...writes.values()];
}

function writeOf(block: Anthropic.ToolUseBlockParam, checkout: string): TranscriptWrite | undefined {
  const input = (block.input ?? {}) as Record<string, unknown>;
  const named = block.name === 'NotebookEdit' ? input.notebook_path : block.name === 'Write' || block.name === 'Edit' ? input.file_path : undefined;
  if (typeof named !== 'string') return undefined;
  const file = path.resolve(checkout, named);
  if (block.name === 'Write' && typeof input.content === 'string') return { file, toolUseId: block.id, content: input.content };
  if (block.name === 'Edit' && typeof input.new_string === 'string' && input.new_string !== '') return { file, toolUseId: block.id, contains: input.new_string };
  return { file, toolUseId: block.id };
}
