/**
 * The Redis traffic of a stretch of the run, from the server's own counters: `CONFIG RESETSTAT` at its
 * start, then `INFO commandstats` (calls per command) and `INFO stats` (bytes in and out) at its end. The
 * bench's own INFO and CONFIG calls are left out. Everything on the server is counted (the idle workers'
 * blocking waits and the submitter's event reads too). Not run on its own.
 */

export async function resetCommandStats(client) {
  await client.config('RESETSTAT');
}

/** `{ calls: { command: count }, totalCalls, bytesIn, bytesOut }` since the last reset. */
export async function readCommandStats(client) {
  const calls = {};
  for (const line of (await client.info('commandstats')).split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (match && match[1] !== 'info' && !match[1].startsWith('config')) calls[match[1]] = Number(match[2]);
  }
  const stats = await client.info('stats');
  const field = (name) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(stats)?.[1] ?? 0);
  return { calls, totalCalls: Object.values(calls).reduce((sum, count) => sum + count, 0), bytesIn: field('total_net_input_bytes'), bytesOut: field('total_net_output_bytes') };
}

/** Adds two readings (of two stretches). */
export function addCommandStats(left, right) {
  const calls = { ...left.calls };
  for (const [name, count] of Object.entries(right.calls)) calls[name] = (calls[name] ?? 0) + count;
  return { calls, totalCalls: left.totalCalls + right.totalCalls, bytesIn: left.bytesIn + right.bytesIn, bytesOut: left.bytesOut + right.bytesOut };
}

export const NO_COMMANDS = { calls: {}, totalCalls: 0, bytesIn: 0, bytesOut: 0 };
