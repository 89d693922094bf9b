import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { CodevError } from '../../errors/codev-error.ts';
import type { FetchFunction } from './types.ts';

/** Throws to refuse a connection to an address (a `PERMISSION_DENIED` naming the rule). */
export type CheckAddress = (address: string, hostname: string) => void;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for WebFetch's own requests whose every connection is judged by the address it is actually
 * made to: the host name is resolved inside the connection (`lookup`), and each address the OS could
 * connect to (all of them: Node tries several when a name has more than one) goes through `checkAddress`
 * first. A rule naming `127.0.0.1` therefore holds for a name that `/etc/hosts` or DNS maps to loopback,
 * at every redirect hop and against DNS answers that change between the permission check and the
 * connection. No connection is reused (a pooled socket would skip the check). Redirects are never
 * followed here (WebFetch follows them itself, hop by hop); bodies are decoded as `fetch` decodes them.
 */
export function createAddressCheckedFetch(checkAddress: CheckAddress): FetchFunction {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      let refusal: unknown;
      const lookup: LookupFunction = (hostname, options, callback) => {
        dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
          if (error) return callback(error, '', 0);
          try {
            for (const { address } of addresses) checkAddress(address, hostname);
          } catch (refused) {
            refusal = refused;
            return callback(refused as NodeJS.ErrnoException, '', 0);
          }
          if (options.all) return (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, addresses);
          const [first] = addresses;
          if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
          callback(null, first.address, first.family);
        });
      };
      const url = new URL(input);
      const client = url.protocol === 'https:' ? https : http;
      const method = init.method ?? 'GET';
      const headers = { ...Object.fromEntries(new Headers(init.headers).entries()), 'accept-encoding': 'gzip, deflate, br' };
      const request = client.request(url, { method, headers, lookup, agent: false, signal: init.signal ?? undefined });
      request.on('error', (error) => reject(refusal ?? error));
      request.on('response', (message) => {
        const status = message.statusCode ?? 0;
        if (status < 200 || status > 599) {
          message.destroy();
          return reject(new CodevError('TOOL_FAILED', `${url.host} answered with the invalid HTTP status ${status}`, { tool: 'WebFetch' }));
        }
        const responseHeaders = new Headers();
        for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) responseHeaders.append(message.rawHeaders[index]!, message.rawHeaders[index + 1]!);
        const empty = NULL_BODY_STATUSES.has(status) || method === 'HEAD';
        if (empty) message.resume();
        const body = empty ? null : (Readable.toWeb(decoded(message, responseHeaders.get('content-encoding'))) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, statusText: message.statusMessage ?? '', headers: responseHeaders }));
      });
      request.end();
    });
}

/** The body as `fetch` hands it over: gzip, deflate and brotli decoded, anything else as sent. */
function decoded(message: http.IncomingMessage, encoding: string | null): Readable {
  const decoder = decoderFor(encoding?.trim().toLowerCase());
  if (!decoder) return message;
  message.on('error', (error) => decoder.destroy(error));
  return message.pipe(decoder);
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}
