import path from 'node:path';
import { z } from 'zod';
import { commitTextWrite, planValidation } from '../../files/commit-text-write.ts';
import { renderPatchSummary, snippetFromPatch } from '../../files/snippet.ts';
import { structuredPatch } from '../../files/structured-patch.ts';
import type { FileChangeOutput } from '../../files/types.ts';
import { openedFileChecks } from '../../permissions/opened-file-checks.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { planEdit } from './apply-edit.ts';
import { EDIT_DESCRIPTION, EDIT_PROMPT, EDIT_TOOL_NAME } from './prompt.ts';

export interface EditOutput extends FileChangeOutput {
  oldString: string;
  newString: string;
  replaceAll: boolean;
  /** How many occurrences were replaced. */
  replacements: number;
  /** Always false: codev does not let the user amend a proposed edit. */
  userModified: boolean;
}

const inputSchema = z.strictObject({
  file_path: z.string().describe('The absolute path to the file to modify'),
  old_string: z.string().describe('The text to replace (empty to create a new file)'),
  new_string: z.string().describe('The text to replace it with (must be different from old_string)'),
  replace_all: z.boolean().default(false).describe('Replace all occurrences of old_string (default false)'),
});

/** Exact-string replacement in one file, with the uniqueness rule, read-before-write and an atomic write. */
export const editTool = buildBuiltinTool({
  name: EDIT_TOOL_NAME,
  description: EDIT_DESCRIPTION,
  searchHint: 'modify file replace string edit code',
  prompt: () => EDIT_PROMPT,
  inputSchema,
  strict: true,
  maxResultSizeChars: 100_000,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  isDestructive: () => false,
  getPermissionTargets: ({ file_path }) => [{ kind: 'path', path: file_path, access: 'write' }],
  // 'allow', not 'passthrough': the engine's path policy (step 11) already asks for every write unless the mode is
  // acceptEdits and the path is inside the working directories; a passthrough would make acceptEdits ask too.
  checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input }),
  toAutoClassifierInput: ({ file_path, new_string }) => `${file_path}: ${new_string.slice(0, 500)}`,
  async validateInput(input, context) {
    return planValidation(await planEdit(input, context));
  },
  async call(input, context) {
    // Planned again under the file's lock: a hook, a slow prompt or another writer may have changed the
    // file since validateInput, and an edit queued behind another applies to what that one wrote.
    // What is opened and where the write lands are checked against the permission decision (races, hard links).
    const { checkOpened, checkPlace } = openedFileChecks(context, input.file_path);
    const { plan, gitDiff } = await commitTextWrite({
      filePath: input.file_path,
      context,
      plan: () => planEdit(input, { cwd: context.cwd, sessionDirectory: context.sessionDirectory, checkOpened }),
      checkPlace,
    });
    const data: EditOutput = {
      filePath: input.file_path,
      type: plan.type,
      structuredPatch: structuredPatch(plan.originalText, plan.newText),
      ...(plan.type === 'update' ? { originalFile: plan.originalText } : {}),
      oldString: input.old_string,
      newString: input.new_string,
      replaceAll: input.replace_all,
      replacements: plan.replacements,
      userModified: false,
    };
    if (gitDiff) data.gitDiff = gitDiff;
    return { data };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    let content: string;
    if (output.type === 'create') content = `File created successfully at: ${output.filePath}`;
    else {
      const head = output.replaceAll
        ? `The file ${output.filePath} has been updated. All ${output.replacements} occurrence${output.replacements === 1 ? ' was' : 's were'} successfully replaced.`
        : `The file ${output.filePath} has been updated.`;
      const snippet = snippetFromPatch(output.structuredPatch);
      content = snippet ? `${head} Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet}` : head;
    }
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
  renderToolUseMessage: (input) => `${input.file_path ?? ''}${input.replace_all ? ' (replace all)' : ''}`,
  renderToolResultMessage: (output, options) =>
    renderPatchSummary({ verb: output.type === 'create' ? 'Created' : 'Updated', filePath: output.filePath, hunks: output.structuredPatch, ...options }),
  getActivityDescription: (input) => (input.file_path ? `Editing ${path.basename(input.file_path)}` : 'Editing a file'),
});
