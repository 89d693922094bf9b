import type { JSONSchemaObject } from '../../tool/types.ts';
import type { StructuredOutput } from './types.ts';

/** The name of the tool the model gives its final answer through. */
export const STRUCTURED_OUTPUT_TOOL_NAME = 'StructuredOutput';

const DESCRIPTION = [
  'Give your final answer through this tool: call it once, when the work is done, with the answer as its input.',
  'The input must match the schema exactly. Use the other tools first as you need them; do not also write the answer as text.',
  'When the answer does not match, the result lists the problems: call it again with a corrected answer.',
].join(' ');

/** The tool definition sent with every request of an agent with an `outputSchema`. */
export function structuredOutputTool(jsonSchema: JSONSchemaObject): StructuredOutput['tool'] {
  return { name: STRUCTURED_OUTPUT_TOOL_NAME, description: DESCRIPTION, input_schema: jsonSchema };
}
