/** What one session remembers between tool calls: files read, background tasks, subagents. Types only. */
import type { TodoItem } from '../tool/todo-item.ts';
import type { SubagentRecord } from './subagent-record.ts';

/** A file as the session last read it; Edit and Write check it before writing. */
export interface FileReadRecord {
  /** Absolute, as resolved by the tool. */
  path: string;
  /** The file's mtime when it was read. */
  mtimeMs: number;
  size: number;
  /** True when only part of the file was shown (offset/limit, truncation): such a read does not permit an edit. */
  partial: boolean;
  /** When the record was made. */
  readAt: number;
}

export type BackgroundTaskStatus = 'running' | 'completed' | 'failed' | 'killed';

/** A command (or agent) running in the background, readable through TaskOutput, stoppable through TaskStop. */
export interface BackgroundTask {
  readonly id: string;
  readonly type: 'bash' | 'agent';
  readonly description: string;
  /** What was run (the command, for Bash). */
  readonly command?: string;
  /** The file the task's output is written to, as it runs. Absolute. */
  readonly outputFile: string;
  readonly startedAt: number;
  /** The agent that started it (`main`, or a subagent's id): the one whose loop is notified when it ends. */
  readonly owner?: string;
  status(): BackgroundTaskStatus;
  exitCode(): number | undefined;
  /** Resolves when the task ends, or after `timeoutMs`, or when `signal` aborts: whichever comes first. */
  wait(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  /** Ends the task (its whole process tree). */
  stop(): Promise<void>;
}

/** The state of one session, shared by every context with the same session directory. */
export interface SessionState {
  readonly sessionDirectory: string;
  readonly fileReads: Map<string, FileReadRecord>;
  readonly tasks: Map<string, BackgroundTask>;
  /** Deferred tools ToolSearch has loaded: the agent sends their schemas from the next request on. */
  readonly loadedDeferredTools: Set<string>;
  /** Tasks whose end the model already knows of (it was notified, read the final output or stopped the task). */
  readonly settledTasks: Set<string>;
  /** The subagents started in this session, by agent id, for SendMessage. */
  readonly subagents: Map<string, SubagentRecord>;
  /** Each agent's task list (TodoWrite), by agent id (`main` or a subagent's); an agent without one has none. */
  readonly todos: Map<string, readonly TodoItem[]>;
  /**
   * What ends with the session: run by `endSession` once the state is released, before its tasks are
   * stopped. Modules that keep per-session resources (the REPL's workers) register their cleanup here.
   */
  readonly onEnd: Array<() => void>;
}
