/**
 * Who sends what to Redis during a stretch of the run, from `MONITOR`: the commands each client sent,
 * counted as requests (a MULTI … EXEC block counts once: ioredis sends it in one write; other pipelines
 * cannot be told apart, so this is an upper bound on round trips) by the client's connection name (codev names
 * its connections: `codev-worker:<name>:commands`, `…:worker` for BullMQ's, `codev-fleet`,
 * `codev-fleet:events`; BullMQ's blocking one `bull:<queue>:w:<name>`), and the commands Redis ran inside
 * Lua scripts (BullMQ's and the session store's) counted apart. Names come from `CLIENT LIST` at the start
 * and from the `CLIENT SETNAME` (or `HELLO … SETNAME`) that MONITOR sees a new connection send. MONITOR
 * slows Redis down: never used in a timed stretch. Not run on its own.
 */
export async function startRedisMonitor({ Redis, url }) {
  const names = new Map();
  const lookup = new Redis(url, { maxRetriesPerRequest: 1, connectionName: 'bench-monitor-lookup' });
  const readNames = async () => {
    for (const line of (await lookup.client('LIST')).split('\n')) {
      const address = /\baddr=(\S+)/.exec(line)?.[1];
      const name = /\bname=(\S*)/.exec(line)?.[1];
      if (address && name) names.set(address, name);
    }
  };
  await readNames();
  const monitor = await new Redis(url, { maxRetriesPerRequest: 1 }).monitor();
  const fromClients = [];
  let inScripts = 0;
  monitor.on('monitor', (_time, args, source) => {
    if (source === 'lua') return void (inScripts += 1);
    const command = String(args[0]).toLowerCase();
    const named = command === 'client' && String(args[1]).toLowerCase() === 'setname' ? args[2] : command === 'hello' ? args[args.findIndex((arg) => String(arg).toLowerCase() === 'setname') + 1] : undefined;
    if (named) names.set(source, String(named));
    fromClients.push({ address: source, command });
  });
  return {
    /** Stops watching; `{ byClient: { role: requests }, byCommand: { command: count }, requests, inScripts }`. */
    async stop() {
      monitor.disconnect();
      lookup.disconnect();
      const byClient = {};
      const byCommand = {};
      const inMulti = new Set();
      let requests = 0;
      for (const { address, command } of fromClients) {
        const name = names.get(address) ?? 'unnamed';
        if (name.startsWith('bench-')) continue;
        byCommand[command] = (byCommand[command] ?? 0) + 1;
        if (inMulti.has(address)) {
          if (command === 'exec' || command === 'discard') inMulti.delete(address);
          continue;
        }
        if (command === 'multi') inMulti.add(address);
        const role = roleOf(name);
        byClient[role] = (byClient[role] ?? 0) + 1;
        requests += 1;
      }
      return { byClient, byCommand, requests, inScripts };
    },
  };
}

/** What a connection is, from its name: the worker's (`commands`, BullMQ's, BullMQ's blocking one, the cancel subscriber) or the submitter's. */
function roleOf(name) {
  if (/^bull:.*:w:/.test(name)) return 'worker BullMQ blocking';
  const worker = /^codev-worker:.*:(commands|worker|cancel)$/.exec(name);
  if (worker) return { commands: 'worker commands', worker: 'worker BullMQ', cancel: 'worker cancel subscriber' }[worker[1]];
  return { 'codev-fleet': 'submitter', 'codev-fleet:events': 'submitter event reader' }[name] ?? name;
}
