import type { ToolResultBlockParam } from '../../tool/types.ts';
import type { BashOutput } from './bash-output.ts';

/**
 * The model's view of a Bash result: `Exit code N` first on failure, then stdout and stderr, and notes for
 * a timeout, an interrupt, a clamped timeout, persisted output or a background start.
 */
export function mapBashResult(output: BashOutput, toolUseId: string): ToolResultBlockParam {
  const parts: string[] = [];
  if (output.backgroundTaskId) {
    parts.push(`Command running in the background with ID: ${output.backgroundTaskId}. Output is being written to: ${output.outputFile}`);
    parts.push('Check it with TaskOutput; stop it with TaskStop.');
  } else {
    const failed = output.exitCode !== 0;
    if (failed && output.exitCode !== undefined) parts.push(`Exit code ${output.exitCode}`);
    const body = [output.stdout.replace(/\n+$/, ''), output.stderr.replace(/\n+$/, '')].filter((text) => text !== '').join('\n');
    if (body !== '') parts.push(body);
    if (output.timedOut) parts.push(`Command timed out after ${output.timeoutMs} ms; its process tree was killed.`);
    if (output.interrupted) parts.push('<error>Command was aborted before completion</error>');
    if (output.persistedOutputPath) parts.push(`Output too large (${output.persistedOutputSize} bytes). Full output saved to: ${output.persistedOutputPath} (read it with Read offset/limit, or Grep)`);
    if (output.outputCapped) parts.push(`Output passed the limit of ${output.outputLimitBytes} bytes (CODEV_BASH_MAX_OUTPUT_BYTES); the rest was dropped and the command was killed.`);
    if (output.persistError) parts.push(`Note: the output file could not be written in full: ${output.persistError}`);
    if (parts.length === 0) parts.push('(Command completed with no output)');
  }
  if (output.timeoutClamped) parts.push(`Note: the timeout was lowered to the maximum of ${output.timeoutMs} ms.`);
  const isError = !output.backgroundTaskId && (output.exitCode !== 0 || output.timedOut || output.interrupted);
  return { type: 'tool_result', tool_use_id: toolUseId, content: parts.join('\n'), ...(isError ? { is_error: true } : {}) };
}
