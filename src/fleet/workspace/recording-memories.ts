import type { RecordingMemory } from '../../checkpoints/record-root.ts';

/** Checkouts whose recording memory is kept (their last tree: a turn that changed nothing writes no tree); the oldest go first. */
const REMEMBERED = 64;
const memories = new Map<string, RecordingMemory>();

/** What this process remembers of recording `checkout` between its checkpoints. */
export function recordingMemory(checkout: string): RecordingMemory {
  let memory = memories.get(checkout);
  if (memory === undefined) {
    memory = { largeFiles: new Map(), lastTrees: new Map() };
    memories.set(checkout, memory);
    if (memories.size > REMEMBERED) memories.delete(memories.keys().next().value!);
  }
  return memory;
}

/** Drops what this process remembers of recording `checkout`: its recording store was made again. */
export function forgetRecording(checkout: string): void {
  memories.delete(checkout);
}
