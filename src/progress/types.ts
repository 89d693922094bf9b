/**
 * The progress payloads of the seed's progress table, as one discriminated union on `type`.
 * Tools report them through `onProgress`; `runToolUse` yields each as a `progress` update.
 */
import type { TodoItem } from '../tool/todo-item.ts';

/** A shell command is still running (after about 2 s). */
export type BashProgress = {
  type: 'bash_progress';
  /** The last lines of output. */
  output: string;
  /** The last line of `output` has no newline yet: more of it may come (a renderer that appends lines waits for it). */
  partialLine?: boolean;
  /** All output so far, when small enough to keep. */
  fullOutput?: string;
  elapsedTimeSeconds: number;
  totalLines: number;
  totalBytes: number;
  taskId?: string;
  timeoutMs?: number;};

/** A subagent did something. */
export type AgentProgress = {
  type: 'agent_progress';
  agentId: string;
  agentType?: string;
  message: string;
  toolUseCount?: number;};

/** An MCP server sent `notifications/progress`. */
export type MCPProgress = {
  type: 'mcp_progress';
  status: 'started' | 'progress' | 'completed' | 'failed';
  serverName: string;
  toolName: string;
  progress?: number;
  total?: number;
  progressMessage?: string;};

/** A skill is being expanded or run. */
export type SkillToolProgress = {
  type: 'skill_progress';
  skill: string;
  message: string;};

/** TaskOutput is waiting on a background task. */
export type TaskOutputProgress = {
  type: 'task_output_progress';
  taskId: string;
  output: string;
  status: 'running' | 'completed' | 'failed' | 'killed';};

/** A web search is running. */
export type WebSearchProgress = {
  type: 'web_search_progress';
  backend: string;
  query: string;
  status: 'searching' | 'results';
  resultCount?: number;};

/** The Location tool is querying a map provider. */
export type LocationToolProgress = {
  type: 'location_progress';
  provider: string;
  action: string;
  message: string;
  page?: number;
  resultCount?: number;};

/** The REPL tool ran an inner tool or printed output. */
export type REPLToolProgress = {
  type: 'repl_progress';
  message: string;
  innerToolName?: string;};

/** A hook is running or has answered. */
export type HookProgress = {
  type: 'hook_progress';
  hookEvent: string;
  hookName: string;
  status: 'started' | 'completed' | 'failed';
  message?: string;};

/** An agent's task list changed (TodoWrite): the whole list as it now stands, for UIs to show. */
export type TodoProgress = {
  type: 'todos';
  /** The agent whose list it is: `main`, or a subagent's id. */
  agentId: string;
  todos: readonly TodoItem[];};

/** Every progress payload codev knows. Plugin tools may also report their own `{ type: string }` shapes. */
export type ToolProgress =
  | BashProgress
  | AgentProgress
  | MCPProgress
  | SkillToolProgress
  | TaskOutputProgress
  | WebSearchProgress
  | LocationToolProgress
  | REPLToolProgress
  | HookProgress
  | TodoProgress;

/** The `type` tags of {@link ToolProgress}. */
export type ToolProgressType = ToolProgress['type'];

/** Base shape every progress payload (built-in or plugin) satisfies. */
export interface ProgressPayload {
  type: string;
  [field: string]: unknown;
}

/** Reports one progress payload of a running tool call. */
export type OnProgress<Progress extends ProgressPayload = ToolProgress> = (progress: Progress) => void;
