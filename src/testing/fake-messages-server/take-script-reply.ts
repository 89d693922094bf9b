import { errorMessage } from '../../errors/codev-error.ts';
import type { FakeReply } from './fake-reply.ts';
import type { FakeScript, RecordedRequest } from './types.ts';

/**
 * The scripted reply for the message request at `index`, or a problem saying loudly why there is none (the script
 * ran out, its function threw, or returned something that is not a reply).
 */
export async function takeScriptReply(options: {
  script: FakeScript;
  request: RecordedRequest;
  index: number;
}): Promise<{ reply: FakeReply; problem?: undefined } | { reply?: undefined; problem: string }> {
  const { script, index } = options;
  const number = index + 1;
  if (Array.isArray(script)) {
    const reply = script[index];
    if (reply !== undefined) return { reply };
    return { problem: `The fake script has no reply #${number}: it holds ${script.length} replies and this is message request #${number}. Add a reply to the script.` };
  }
  let reply: unknown;
  try {
    reply = await script(options.request, index);
  } catch (error) {
    return { problem: `The fake script function threw for reply #${number}: ${errorMessage(error)}` };
  }
  if (typeof reply !== 'object' || reply === null) {
    return { problem: `The fake script function returned ${String(reply)} for reply #${number}; return a message, error or stream-failure reply.` };
  }
  return { reply: reply as FakeReply };
}
