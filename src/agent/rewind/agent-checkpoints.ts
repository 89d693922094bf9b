import type { CheckpointStore, Snapshot } from '../../checkpoints/types.ts';
import type { CheckpointsSetting } from '../../config/checkpoints-setting-schema.ts';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { ToolUseContext } from '../../execution/types.ts';
import type { AgentTranscript } from '../create-agent-transcript.ts';
import { openProjectCheckpoints } from './open-project-checkpoints.ts';

/** A recording under way: it never rejects, its failure is a value. */
export type CheckpointRecording = Promise<{ snapshot: Snapshot } | { error: unknown }>;

/** A recording that failed: why, and whether the next turns of the query would fail the same way (a root over `maxFiles`). */
export interface CheckpointFailure {
  message: string;
  /** Trying again before the next query would scan the files again only to fail: the query records no more. */
  lasting: boolean;
}

/** An agent's file checkpoints: recorded turn by turn into its project's store, entered in its transcript. */
export interface AgentCheckpoints {
  /**
   * Starts recording the working directories of `context` (the cwd and the additional working
   * directories) for the agent's session; undefined when nothing is persisted (there is no session to keep it).
   */
  start(context: ToolUseContext, signal: AbortSignal): CheckpointRecording | undefined;
  /** Waits for a recording and enters it in the transcript; returns what went wrong, if anything did. */
  finish(recording: CheckpointRecording): Promise<CheckpointFailure | undefined>;
  /** The project's checkpoint store, opened once, with the agent's limits. */
  store(projectRoot: string): Promise<CheckpointStore>;
  /** Resolves once no recording runs (a query that ended before its turn's stage entered it leaves one running). */
  idle(): Promise<void>;
}

/**
 * The checkpoints of an agent, or undefined when they are off: `setting` (the option, else the config's)
 * says, else they are on for an agent with a project that is not a subagent (a subagent's changes fall in
 * its parent's turn). A session that began as a fork has the trees of its copied checkpoints kept for it too
 * (at its first recording), so that they outlive the session they came from.
 */
export function createAgentCheckpoints(options: { setting: CheckpointsSetting | undefined; hasProject: boolean; subagent: boolean; transcript: AgentTranscript }): AgentCheckpoints | undefined {
  const setting = options.setting ?? (options.hasProject && !options.subagent);
  if (setting === false) return undefined;
  const limits = setting === true ? {} : setting;
  const { transcript } = options;
  let opened: { projectRoot: string; store: Promise<CheckpointStore> } | undefined;
  let keptFor: string | undefined;
  // One recording at a time: a turn cut short (a retried structured answer) may leave one running.
  let previous: Promise<unknown> = Promise.resolve();

  const store = (projectRoot: string): Promise<CheckpointStore> => {
    if (opened?.projectRoot !== projectRoot) opened = { projectRoot, store: openProjectCheckpoints({ projectRoot, ...limits }) };
    return opened.store;
  };

  async function record(sessionId: string, context: ToolUseContext, signal: AbortSignal): Promise<Snapshot> {
    const checkpoints = await store(context.projectRoot ?? context.cwd);
    if (transcript.forked && keptFor !== sessionId && transcript.checkpoints.length > 0) {
      await checkpoints.keep({ sessionId, snapshots: transcript.checkpoints.map((entry) => ({ roots: entry.roots })) });
    }
    keptFor = sessionId;
    const roots = [...new Set([context.cwd, ...context.permissionContext.additionalWorkingDirectories])];
    return checkpoints.record({ sessionId, roots, signal });
  }

  return {
    start(context, signal) {
      const sessionId = transcript.sessionId;
      if (sessionId === undefined) return undefined;
      const recording = previous.then(() => record(sessionId, context, signal)).then(
        (snapshot) => ({ snapshot }),
        (error: unknown) => ({ error }),
      );
      previous = recording;
      return recording;
    },
    async finish(recording) {
      const recorded = await recording;
      if ('error' in recorded) {
        const { error } = recorded;
        return { message: errorMessage(error), lasting: error instanceof CodevError && error.field === 'maxFiles' };
      }
      try {
        await transcript.appendCheckpoint(recorded.snapshot.roots);
      } catch (error) {
        return { message: errorMessage(error), lasting: false };
      }
      return undefined;
    },
    store,
    idle: () => previous.then(() => undefined),
  };
}
