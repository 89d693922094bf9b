import { withoutKey, type RequestBody } from './request-shapes.ts';

/**
 * The request without structured outputs: no `output_config.format` and no `strict` on tools. codev's own
 * structured output does not need them: its StructuredOutput tool's answer is validated against the schema
 * by codev, and the model is asked again when it does not match. `changed` is false when there was nothing.
 */
export function withoutStructuredOutputs(body: RequestBody): { body: RequestBody; changed: boolean } {
  let changed = false;
  let next = body;
  const config = next.output_config as Record<string, unknown> | undefined;
  if (config && typeof config === 'object' && 'format' in config) {
    changed = true;
    const rest = withoutKey(config, 'format');
    next = Object.keys(rest).length > 0 ? { ...next, output_config: rest } : withoutKey(next, 'output_config');
  }
  if (Array.isArray(next.tools) && (next.tools as Record<string, unknown>[]).some((tool) => 'strict' in tool)) {
    changed = true;
    next = { ...next, tools: (next.tools as Record<string, unknown>[]).map((tool) => withoutKey(tool, 'strict')) };
  }
  return { body: next, changed };
}
