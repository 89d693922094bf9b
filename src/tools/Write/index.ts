import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { commitTextWrite, planValidation } from '../../files/commit-text-write.ts';
import { renderPatchSummary, snippetFromPatch } from '../../files/snippet.ts';
import { structuredPatch } from '../../files/structured-patch.ts';
import type { FileChangeOutput } from '../../files/types.ts';
import { openedFileChecks } from '../../permissions/opened-file-checks.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { planWrite } from './plan-write.ts';
import { WRITE_DESCRIPTION, WRITE_PROMPT, WRITE_TOOL_NAME } from './prompt.ts';

export interface WriteOutput extends FileChangeOutput {
  /** The content as given. */
  content: string;
}

const inputSchema = z.strictObject({
  file_path: z.string().describe('The absolute path to the file to write (must be absolute, not relative)'),
  content: z.string().describe('The content to write to the file'),
});

/** Creates or overwrites a file atomically; an existing file must have been read in full first. */
export const writeTool = buildBuiltinTool({
  name: WRITE_TOOL_NAME,
  description: WRITE_DESCRIPTION,
  searchHint: 'create overwrite file write new file',
  prompt: () => WRITE_PROMPT,
  inputSchema,
  strict: true,
  maxResultSizeChars: 100_000,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  isDestructive: ({ file_path }) => path.isAbsolute(file_path) && existsSync(file_path),
  getPermissionTargets: ({ file_path }) => [{ kind: 'path', path: file_path, access: 'write' }],
  // 'allow', not 'passthrough': the engine's path policy (step 11) already asks for every write unless the mode is
  // acceptEdits and the path is inside the working directories; a passthrough would make acceptEdits ask too.
  checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
  toAutoClassifierInput: ({ file_path, content }) => `${file_path}: ${content.slice(0, 500)}`,
  async validateInput(input, context) {
    return planValidation(await planWrite(input, context));
  },
  async call(input, context) {
    // Planned again under the file's lock (see Edit): the file may have changed since validateInput.
    // What is opened and where the write lands are checked against the permission decision (races, hard links).
    const { checkOpened, checkPlace } = openedFileChecks(context, input.file_path);
    const { plan, gitDiff } = await commitTextWrite({
      filePath: input.file_path,
      context,
      plan: () => planWrite(input, { sessionDirectory: context.sessionDirectory, checkOpened }),
      checkPlace,
    });
    const data: WriteOutput = {
      filePath: input.file_path,
      type: plan.type,
      structuredPatch: plan.type === 'update' ? structuredPatch(plan.originalText ?? '', plan.newText) : [],
      ...(plan.originalText !== undefined ? { originalFile: plan.originalText } : {}),
      content: input.content,
    };
    if (gitDiff) data.gitDiff = gitDiff;
    return { data };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    let content: string;
    if (output.type === 'create') content = `File created successfully at: ${output.filePath}`;
    else {
      const snippet = snippetFromPatch(output.structuredPatch);
      content = snippet
        ? `The file ${output.filePath} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet}`
        : `The file ${output.filePath} has been updated (its content was already identical).`;
    }
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
  renderToolUseMessage: (input) => input.file_path ?? '',
  renderToolResultMessage: (output, options) =>
    output.type === 'create'
      ? `Created ${output.filePath} (${countLines(output.content)} line${countLines(output.content) === 1 ? '' : 's'})`
      : renderPatchSummary({ verb: 'Updated', filePath: output.filePath, hunks: output.structuredPatch, ...options }),
  getActivityDescription: (input) => (input.file_path ? `Writing ${path.basename(input.file_path)}` : 'Writing a file'),
});

function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
