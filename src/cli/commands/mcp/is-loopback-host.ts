import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for a host only this machine reaches: `localhost` (and `*.localhost`), 127.0.0.0/8, `::1` (also as
 * `[::1]`) and IPv4-mapped loopback (`::ffff:127.0.0.1`). Any other name or address, `0.0.0.0` and `::` included,
 * may be reached from other machines.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const mapped = name.startsWith('::ffff:') && isIP(name.slice('::ffff:'.length)) === 4 ? name.slice('::ffff:'.length) : name;
  const family = isIP(mapped);
  return family !== 0 && LOOPBACK.check(mapped, family === 4 ? 'ipv4' : 'ipv6');
}
