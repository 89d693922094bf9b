import { isDeferredTool } from '../../tool/is-deferred-tool.ts';
import { formatValidationError } from '../format-validation-error.ts';
import { toolUseError } from '../messages.ts';
import type { Stage } from '../types.ts';

/** Stage 3: the model's input must satisfy the tool's zod schema; the parsed value is what the tool gets. */
export const parseInput: Stage = function parseInput(state) {
  const tool = state.tool!;
  const { toolUse, context } = state.request;
  const input = toolUse.input ?? {};
  // Parsed without options first: any parse option (`reportInput` here) takes zod off its fast path, about
  // 2.5 µs per call on Node 20. Only a failed parse is done again with `reportInput`, for the messages.
  const fast = tool.inputSchema.safeParse(input);
  const parsed = fast.success ? fast : tool.inputSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    let message = formatValidationError(tool.name, parsed.error.issues);
    if (isDeferredTool(tool) && !context.loadedDeferredTools?.has(tool.name)) {
      message += `\n\nThis tool's schema was not sent to you yet. Load it first with ToolSearch using the query "select:${tool.name}", then call it again.`;
    }
    return { status: 'invalid-input', content: toolUseError(`InputValidationError: ${message}`), errorCode: 'INPUT_INVALID' };
  }
  state.input = parsed.data as Record<string, unknown>;
};
