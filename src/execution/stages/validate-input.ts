import { errorMessage } from '../../errors/codev-error.ts';
import { toolUseError } from '../messages.ts';
import type { Stage } from '../types.ts';

/** Stage 4: the tool's own checks beyond the schema (file exists, string found, ...). */
export const validateInput: Stage = async function validateInput(state) {
  const tool = state.tool!;
  let verdict;
  try {
    verdict = await tool.validateInput(state.input!, state.request.context);
  } catch (error) {
    return { status: 'error', content: toolUseError(`Error: ${tool.name} could not validate its input: ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
  }
  if (!verdict.result) return { status: 'invalid-input', content: toolUseError(verdict.message), errorCode: verdict.code ?? 'INPUT_INVALID' };
};
