import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { suggestKey } from '../errors/suggest-key.ts';
import { explainPermission, type PermissionExplanation } from '../execution/explain-permission.ts';
import { findToolByName } from '../execution/stages/find-tool.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { PermissionMode } from '../permissions/types.ts';
import type { Kernel } from './types.ts';

/** What a bare string stands for, per tool: `Bash 'git status'`, `Write src/a.ts`. */
const BARE_INPUTS: Readonly<Record<string, (value: string, cwd: string) => Record<string, unknown>>> = {
  Bash: (command) => ({ command }),
  Read: (file, cwd) => ({ file_path: absolute(file, cwd) }),
  Write: (file, cwd) => ({ file_path: absolute(file, cwd), content: '' }),
  Edit: (file, cwd) => ({ file_path: absolute(file, cwd), old_string: '', new_string: '\n' }),
  WebFetch: (url) => ({ url, prompt: 'Summarize the page' }),
};

/**
 * Explains one call in a loaded project without running it (`codev rules explain`, `codev rules test`, the
 * UI's `POST /api/explain`): the tool found by name, alias or legacy name, the input an object, a JSON
 * object's text, or for Bash, Read, Edit, Write and WebFetch a bare command, path or URL (an Edit or Write of
 * nothing, a fetch with a stock prompt), decided in `mode` when given. Throws `TOOL_NOT_FOUND` for a tool the
 * pool lacks, `INPUT_INVALID` (field `input`) for an input that is neither.
 */
export async function explainCall(options: { kernel: Kernel; context: ToolUseContext; tool: string; input: unknown; mode?: PermissionMode }): Promise<PermissionExplanation> {
  const tool = findToolByName(options.kernel.tools, options.tool);
  if (!tool) {
    const meant = suggestKey({ key: options.tool, candidates: options.kernel.tools.map((candidate) => candidate.name) });
    throw new CodevError('TOOL_NOT_FOUND', `No tool "${options.tool}" in this project's pool${meant === undefined ? '' : `. Did you mean "${meant}"?`}`, { hint: 'codev tools lists the tools (and a blanket deny rule removes one)' });
  }
  const input = typeof options.input === 'string' ? bareInput({ toolName: tool.name, text: options.input, cwd: options.context.cwd }) : options.input;
  const context = options.mode === undefined ? options.context : { ...options.context, permissionContext: { ...options.context.permissionContext, mode: options.mode } };
  return explainPermission({ tool, input, context });
}

/**
 * A JSON object, or for a tool with one main field, the bare value of that field (a path relative to `cwd`).
 * Throws `INPUT_INVALID` (field `input`) for text that is neither.
 */
export function bareInput(options: { toolName: string; text: string; cwd: string }): unknown {
  const trimmed = options.text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new CodevError('INPUT_INVALID', `The input is not valid JSON: ${(error as Error).message}`, { field: 'input', hint: 'a JSON object, e.g. {"command":"ls"}' });
    }
  }
  const make = BARE_INPUTS[options.toolName];
  if (!make) throw new CodevError('INPUT_INVALID', `The input of ${options.toolName} must be a JSON object`, { field: 'input', hint: 'e.g. {"key":"value"}' });
  return make(options.text, options.cwd);
}

/** The path under `cwd`, not normalized: `link/../x` must reach the engine as written, which resolves it the way the OS does. */
function absolute(file: string, cwd: string): string {
  return path.isAbsolute(file) ? file : `${cwd.replace(/\/+$/, '')}/${file}`;
}
