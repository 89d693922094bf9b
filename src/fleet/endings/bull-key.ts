/** BullMQ's key for a part of a queue (a job id, `failed`, `wait`, …) under its default prefix, which fleets use. */
export function bullKey(queue: string, part: string): string {
  return `bull:${queue}:${part}`;
}
