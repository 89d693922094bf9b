// Preloaded with `node --import` by models.test.ts: any connection the process opens, or any provider SDK (or the
// credential libraries they use) it loads, ends it with exit code 97 and says which on stderr.
import net from 'node:net';
import { register } from 'node:module';

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  process.stderr.write(`offline-guard: a connection was opened: ${JSON.stringify(args[0])}\n`);
  process.exit(97);
  return connect.apply(this, args);
};

register(new URL('./offline-guard-hooks.mjs', import.meta.url));
