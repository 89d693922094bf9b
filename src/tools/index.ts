import { withToolSource } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { agentTool } from './Agent/index.ts';
import { askUserQuestionTool } from './AskUserQuestion/index.ts';
import { bashTool } from './Bash/index.ts';
import { editTool } from './Edit/index.ts';
import { globTool } from './Glob/index.ts';
import { grepTool } from './Grep/index.ts';
import { locationTool } from './Location/index.ts';
import { readTool } from './Read/index.ts';
import { sendMessageTool } from './SendMessage/index.ts';
import { createReplTool } from './REPL/index.ts';
import { skillTool } from './Skill/index.ts';
import { taskOutputTool } from './TaskOutput/index.ts';
import { taskStopTool } from './TaskStop/index.ts';
import { todoWriteTool } from './TodoWrite/index.ts';
import { toolSearchTool } from './ToolSearch/index.ts';
import { webFetchTool } from './WebFetch/index.ts';
import { webSearchTool } from './WebSearch/index.ts';
import { writeTool } from './Write/index.ts';

/** The REPL tool; its primitives are read at each call, so they may be looked up in BUILTIN_TOOLS below. */
const replTool = createReplTool({
  primitives: () => BUILTIN_TOOLS.filter((tool) => ['Read', 'Glob', 'Grep', 'Bash', 'NotebookEdit'].includes(tool.name)),
});

/**
 * The built-in tools, in a fixed order. Each lives in its own folder (`src/tools/<Name>/`); this list is the
 * only place that knows them all.
 */
export const BUILTIN_TOOLS: readonly Tool[] = Object.freeze(
  [agentTool, sendMessageTool, bashTool, readTool, editTool, writeTool, globTool, grepTool, taskOutputTool, taskStopTool, todoWriteTool, askUserQuestionTool, webSearchTool, webFetchTool, locationTool, skillTool, toolSearchTool, replTool].map((tool) =>
    withToolSource(tool as Tool, { type: 'builtin' }),
  ),
);
