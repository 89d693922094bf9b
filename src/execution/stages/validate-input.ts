import { errorMessage } from '../../errors/codev-error.ts';
import { toolUseError } from '../messages.ts';
import { hasIdlePlaceholders, sweepPlaceholders } from '../../sandbox/placeholders.ts';
import { callToolMethod } from '../../tool/build-tool.ts';
import type { Tool, ValidationResult } from '../../tool/types.ts';
import type { Stage, StageOutcome, StageResult } from '../types.ts';

/** Stage 4: the tool's own checks beyond the schema (file exists, string found, ...). */
export const validateInput: Stage = function validateInput(state) {
  const tool = state.tool!;
  let answer;
  try {
    // A tool that writes outside the sandbox may check and write where an idle placeholder lingers (`.mcp.json`).
    if (hasIdlePlaceholders() && tool.name !== 'Bash' && !tool.isReadOnly(state.input)) sweepPlaceholders();
    // The check's own answer: a value when it answered at once (the default does), so no promise is made.
    answer = callToolMethod(tool, 'validateInput', state.input!, state.request.context);
  } catch (error) {
    return couldNotValidate(tool, error);
  }
  if (!isThenable(answer)) return verdictOutcome(answer);
  return Promise.resolve(answer).then(verdictOutcome, (error: unknown) => couldNotValidate(tool, error));
};

function verdictOutcome(verdict: ValidationResult): StageResult {
  if (!verdict.result) return { status: 'invalid-input', content: toolUseError(verdict.message), errorCode: verdict.code ?? 'INPUT_INVALID' };
}

function couldNotValidate(tool: Tool, error: unknown): StageOutcome {
  return { status: 'error', content: toolUseError(`Error: ${tool.name} could not validate its input: ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
}

function isThenable(value: unknown): value is PromiseLike<ValidationResult> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
