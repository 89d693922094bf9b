import { errorMessage } from '../errors/codev-error.ts';
import type { Tool, ToolContext } from '../tool/types.ts';
import { formatValidationError } from './format-validation-error.ts';

/**
 * Validates an input that a hook or a permission prompt rewrote, exactly as the model's input was:
 * the zod schema, then `validateInput`. Returns the parsed input, or the reason it was refused.
 */
export async function revalidateInput(options: {
  tool: Tool;
  input: unknown;
  context: ToolContext;
}): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; message: string }> {
  // Without options first (any option takes zod off its fast path); again with `reportInput` only for the messages.
  const fast = options.tool.inputSchema.safeParse(options.input);
  const parsed = fast.success ? fast : options.tool.inputSchema.safeParse(options.input, { reportInput: true });
  if (!parsed.success) return { ok: false, message: formatValidationError(options.tool.name, parsed.error.issues) };
  try {
    const verdict = await options.tool.validateInput(parsed.data, options.context);
    if (!verdict.result) return { ok: false, message: verdict.message };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  return { ok: true, input: parsed.data as Record<string, unknown> };
}
