import type { CodevError } from '../../../errors/codev-error.ts';
import { describeTool } from '../../../tool/describe-tool.ts';
import type { Tool } from '../../../tool/types.ts';
import type { Generation } from '../../../kernel/types.ts';
import type { UiToolPool, UiToolRow } from '../../types.ts';

/** How long a tool's description may take to render before the row says nothing of it. */
const DESCRIPTION_TIMEOUT_MS = 2_000;

/** The pool of one generation as `GET /api/tools` answers it: each tool as `codev tools` describes it, what failed to load (`errors`), the mode. */
export async function toolPoolOf(generation: Generation, loadErrors: readonly CodevError[]): Promise<UiToolPool> {
  const tools = await Promise.all(generation.tools.map((tool) => toolRowOf(tool)));
  const errors = loadErrors.map((error) => ({ source: error.file ?? error.plugin ?? error.code, message: error.message, ...(error.hint !== undefined && { hint: error.hint }) }));
  return { generation: generation.number, tools, errors, mode: generation.permissionContext.mode };
}

async function toolRowOf(tool: Tool): Promise<UiToolRow> {
  const { name, source, aliases, flags } = describeTool(tool);
  return { name, source, aliases, flags, summary: firstLine(await descriptionOf(tool)), readOnly: readOnlyOf(tool) };
}

/** A plugin's description is its code: a throwing or hanging one leaves the summary empty, never the list. */
async function descriptionOf(tool: Tool): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(''), DESCRIPTION_TIMEOUT_MS);
    });
    return await Promise.race([Promise.resolve().then(() => tool.description()), timeout]);
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the tool only reads, judged with no input (a tool that needs one to say is not read-only here). */
function readOnlyOf(tool: Tool): boolean {
  try {
    return tool.isReadOnly({} as never) === true;
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  return (typeof text === 'string' ? text : '').trim().split('\n', 1)[0]!.trim();
}
