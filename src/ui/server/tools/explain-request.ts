import { CodevError } from '../../../errors/codev-error.ts';
import type { ToolUseContext } from '../../../execution/types.ts';
import { explainCall } from '../../../kernel/explain-call.ts';
import type { Generation, Kernel } from '../../../kernel/types.ts';
import { PERMISSION_MODES, type PermissionMode } from '../../../permissions/types.ts';
import type { UiExplanation } from '../../types.ts';

const MAX_TOOL_NAME = 200;

/** One context per generation, made on first use: explaining never grows the kernel's record of contexts past its reloads. */
const contexts = new WeakMap<Generation, ToolUseContext>();

/**
 * `POST /api/explain`: the engine of `codev rules explain` (src/kernel's `explainCall`) on the body's tool,
 * input (a JSON object, or a bare command, path or URL) and mode. Nothing is run. `INPUT_INVALID` (400) for a
 * body that is not one, `TOOL_NOT_FOUND` (404) for a tool the pool lacks.
 */
export async function explainRequest(options: { kernel: Kernel; body: unknown }): Promise<UiExplanation> {
  const { tool, input, mode } = checkedBody(options.body);
  const generation = options.kernel.generation;
  let context = contexts.get(generation);
  if (!context) {
    context = options.kernel.createToolUseContext();
    contexts.set(generation, context);
  }
  const explanation: UiExplanation = await explainCall({ kernel: options.kernel, context, tool, input, ...(mode !== undefined && { mode }) });
  return explanation;
}

function checkedBody(body: unknown): { tool: string; input: unknown; mode?: PermissionMode } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'The body must be a JSON object { tool, input, mode? }');
  const { tool, input, mode } = body as Record<string, unknown>;
  if (typeof tool !== 'string' || tool.trim() === '' || tool.length > MAX_TOOL_NAME) throw invalid('tool', 'tool must be a tool\'s name');
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  if (typeof input !== 'string' && !isObject) throw invalid('input', 'input must be a JSON object, or a bare command, path or URL');
  if (mode !== undefined && !PERMISSION_MODES.includes(mode as PermissionMode)) throw invalid('mode', `mode must be one of ${PERMISSION_MODES.join(', ')}`);
  return { tool, input, ...(mode !== undefined && { mode: mode as PermissionMode }) };
}

function invalid(field: string, message: string): CodevError {
  return new CodevError('INPUT_INVALID', message, { field, hint: 'e.g. {"tool":"Bash","input":"git status","mode":"default"}' });
}
