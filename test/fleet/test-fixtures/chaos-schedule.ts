/**
 * The disorder of a chaos run, drawn from a seed so that a failing run can be run again: a shuffled list of
 * actions (kill -9 a worker, SIGSTOP one past its lock, kill -9 Redis) and the pause before each.
 */

export type ChaosAction = 'kill-worker' | 'stop-worker' | 'kill-redis';

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The actions in a random order; Redis is never killed first, so that work is under way when it is. */
export function chaosSchedule(options: { random: () => number; workerKills: number; workerStops: number; redisKills: number }): ChaosAction[] {
  const actions: ChaosAction[] = [
    ...Array<ChaosAction>(options.workerKills).fill('kill-worker'),
    ...Array<ChaosAction>(options.workerStops).fill('stop-worker'),
    ...Array<ChaosAction>(options.redisKills).fill('kill-redis'),
  ];
  for (let index = actions.length - 1; index > 0; index--) {
    const other = Math.floor(options.random() * (index + 1));
    [actions[index], actions[other]] = [actions[other]!, actions[index]!];
  }
  const firstWorkerAction = actions.findIndex((action) => action !== 'kill-redis');
  if (firstWorkerAction > 0) [actions[0], actions[firstWorkerAction]] = [actions[firstWorkerAction]!, actions[0]!];
  return actions;
}
