import type { CheckpointStore, FileChange, Snapshot } from '../../checkpoints/types.ts';
import { oneLine } from '../../transcripts/message-text.ts';
import type { CheckpointEntry, MessageEntry } from '../../transcripts/types.ts';
import { promptText } from './fork-point.ts';
import type { CheckpointInfo } from './types.ts';

/** How much of a prompt a checkpoint shows. */
const PROMPT_CHARACTERS = 200;

/**
 * A session's checkpoints as `agent.checkpoints()` lists them: each with the files its turn changed (to the
 * next checkpoint; for the last, to `now` when given, else none) and the prompt it answered, if any; one whose
 * files the store no longer holds is `lost`, with no files.
 */
export async function describeCheckpoints(options: { store: CheckpointStore; checkpoints: readonly CheckpointEntry[]; messages: readonly MessageEntry[]; now?: Snapshot }): Promise<CheckpointInfo[]> {
  const { store, checkpoints } = options;
  const byUuid = new Map(options.messages.map((entry) => [entry.uuid, entry]));
  const infos: CheckpointInfo[] = [];
  // Each pair of snapshots is diffed once: turns that change nothing, or a transcript that repeats entries
  // (10,000 of them), cost no git process each.
  const diffs = new Map<string, FileChange[]>();
  const stored = await store.stored({ snapshots: checkpoints.map((entry) => ({ roots: entry.roots })) });
  // One diff at a time: each is a git process, and the machine's other work goes on meanwhile.
  for (const [index, entry] of checkpoints.entries()) {
    const snapshot: Snapshot = { roots: entry.roots };
    const next = checkpoints[index + 1];
    const lost = stored[index] !== true;
    const to = next ? (stored[index + 1] === true ? { roots: next.roots } : undefined) : options.now;
    let files: FileChange[] = [];
    if (to && !lost) {
      const key = JSON.stringify([snapshot.roots, to.roots]);
      files = diffs.get(key) ?? (await store.diff({ from: snapshot, to }));
      diffs.set(key, files);
    }
    const answered = entry.messageUuid === undefined ? undefined : byUuid.get(entry.messageUuid);
    const prompt = answered && promptText(answered);
    infos.push({
      turn: entry.turn,
      ...(entry.messageUuid && { messageUuid: entry.messageUuid }),
      ...(entry.replyUuid && { replyUuid: entry.replyUuid }),
      createdAt: entry.timestamp,
      ...(prompt !== undefined && { prompt: oneLine(prompt, PROMPT_CHARACTERS) }),
      files,
      snapshot,
      ...(lost && { lost: true as const }),
    });
  }
  return infos;
}
