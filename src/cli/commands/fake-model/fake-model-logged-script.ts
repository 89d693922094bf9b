import { errorReply, isErrorReply, type FakeReply } from '../../../testing/fake-messages-server/fake-reply.ts';
import type { FakeScript, RecordedRequest } from '../../../testing/fake-messages-server/types.ts';

/** How much of a text reply a log line shows. */
const TEXT_PREVIEW = 60;

/**
 * `script` as a function that calls `log` with one line per reply it gives (`#2 → tool_use WordCount`), so that
 * whoever watches `codev fake-model` sees each request arrive. Past the end of a list of replies it answers a
 * 500 `api_error` (not retryable) saying the script ran out.
 */
export function loggedScript(options: { script: FakeScript; log(line: string): void }): FakeScript {
  const { script, log } = options;
  return async (request: RecordedRequest, index: number) => {
    const reply = Array.isArray(script) ? (script[index] ?? ranOut(index, script.length)) : await script(request, index);
    log(`#${index + 1}${request.stream ? ' (stream)' : ''} → ${describe(reply)}`);
    return reply;
  };
}

function ranOut(index: number, length: number): FakeReply {
  return errorReply(500, { type: 'api_error', message: `The fake model's script holds ${length} replies and this is request #${index + 1}: add replies to the script.`, shouldRetry: false });
}

function describe(reply: FakeReply): string {
  if (isErrorReply(reply)) return `${reply.error.status} ${reply.error.message ?? ''}`.trim();
  const blocks = reply.content.map((block) => {
    if (block.type === 'tool_use') return `tool_use ${block.name}`;
    if (block.type === 'text') return `text "${block.text.length > TEXT_PREVIEW ? `${block.text.slice(0, TEXT_PREVIEW)}…` : block.text}"`.replace(/\s+/g, ' ');
    return block.type;
  });
  return blocks.join(', ') || 'no content';
}
