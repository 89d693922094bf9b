import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { APIConnectionError } from '@anthropic-ai/sdk/core/error';
import { createAgent } from '../../src/agent/create-agent.ts';
import { toModelError } from '../../src/agent/to-model-error.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';

// A model server that cannot be reached, over real sockets on loopback: each cause gets MODEL_UNREACHABLE, its
// reason, and a message naming the URL that was tried; only the causes a retry can fix are retried.

const FAST: AgentOptions = { retryBaseDelayMs: 10, maxRetryWaitMs: 1_000, maxRetries: 1, streamIdleTimeoutMs: 300 };
const FIXTURES = new URL('./test-fixtures/self-signed/', import.meta.url);

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterEach(async () => {
  sockets.forEach((socket) => socket.destroy());
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Listens on a loopback port; the test's end destroys every connection it accepted. */
async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function query(baseURL: string) {
  const agent = createAgent({ apiKey: 'test-key', baseURL, env: {}, ...FAST });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('hi')) events.push(event);
  await agent.close();
  const error = events.find((event) => event.type === 'error');
  return {
    end: events.at(-1),
    error: error?.type === 'error' ? error.error : undefined,
    retries: events.filter((event) => event.type === 'retry').length,
  };
}

describe('a model server that cannot be reached', () => {
  it('refuses the connection: MODEL_UNREACHABLE (refused) naming the URL, retried', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await query(url);
    expect(result.end).toMatchObject({ type: 'end', reason: 'error' });
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'refused', retryable: true });
    expect(result.error?.message).toContain(url);
    expect(result.error?.message).not.toContain('null');
    expect(result.retries).toBe(1);
  });

  it('has a host name that does not resolve: MODEL_UNREACHABLE (dns), not retried', async () => {
    const result = await query('http://codev-no-such-host.invalid');
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'dns', retryable: false });
    expect(result.error?.message).toContain('codev-no-such-host.invalid');
    expect(result.retries).toBe(0);
  });

  it('presents a certificate nobody trusts: MODEL_UNREACHABLE (tls), not retried', async () => {
    const server = tls.createServer({ key: readFileSync(new URL('key.pem', FIXTURES)), cert: readFileSync(new URL('cert.pem', FIXTURES)) }, (socket) => socket.end());
    server.on('tlsClientError', () => {});
    const url = `https://127.0.0.1:${await listen(server)}`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'tls', retryable: false });
    expect(result.error?.message).toContain(url);
    expect(result.error?.message).toContain('NODE_EXTRA_CA_CERTS');
    expect(result.retries).toBe(0);
  });

  it('speaks no TLS where https:// was given: MODEL_UNREACHABLE (tls)', async () => {
    const server = net.createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const url = `https://127.0.0.1:${await listen(server)}`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'tls' });
    expect(result.error?.message).toContain(url);
  });

  it('accepts the connection and never answers: MODEL_UNREACHABLE (timeout) after the idle timeout, retried', async () => {
    const server = net.createServer(() => {});
    const url = `http://127.0.0.1:${await listen(server)}`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'timeout', retryable: true });
    expect(result.error?.message).toContain(url);
    expect(result.error?.message).toContain('CODEV_STREAM_IDLE_TIMEOUT_MS');
    expect(result.retries).toBe(1);
  });

  it('resets the connection before answering: MODEL_UNREACHABLE (reset)', async () => {
    const server = net.createServer((socket) => socket.resetAndDestroy());
    const url = `http://127.0.0.1:${await listen(server)}`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'reset' });
    expect(result.error?.message).toContain(url);
  });

  it('has a user name and password in its URL: MODEL_UNREACHABLE (url) naming the URL without the password, not retried', async () => {
    const port = await closedPort();
    const result = await query(`http://someone:s3cret-pass@127.0.0.1:${port}`);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'url', retryable: false });
    expect(result.error?.message).toContain(`127.0.0.1:${port}`);
    expect(result.error?.message).not.toContain('s3cret-pass');
    expect(result.retries).toBe(0);
  });

  it('has a port out of range in its URL: MODEL_UNREACHABLE (url) naming the URL, not retried', async () => {
    const result = await query('http://127.0.0.1:99999');
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'url', retryable: false });
    expect(result.error?.message).toContain('127.0.0.1:99999');
    expect(result.retries).toBe(0);
  });

  it('has a space at the end of its URL (pasted from a .env): MODEL_UNREACHABLE (url) showing the URL quoted, so the space can be seen', async () => {
    const result = await query('http://127.0.0.1:8787 ');
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'url', retryable: false });
    expect(result.error?.message).toContain('"http://127.0.0.1:8787 "');
    expect(result.retries).toBe(0);
  });

  it('never prints the password of a URL it reached nothing at', async () => {
    const url = `http://someone:s3cret-pass@127.0.0.1:${await closedPort()}`;
    const error = toModelError(Object.assign(new APIConnectionError({ cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })), { baseURL: url });
    expect(error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'refused' });
    expect(error.message).not.toContain('s3cret-pass');
  });

  it('says when HTTPS_PROXY is set but the request did not go through it, naming the proxy without its password', () => {
    const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NODE_USE_ENV_PROXY: process.env.NODE_USE_ENV_PROXY };
    process.env.HTTPS_PROXY = 'http://me:proxy-s3cret@127.0.0.1:3128';
    delete process.env.NODE_USE_ENV_PROXY;
    try {
      const cause = Object.assign(new Error('getaddrinfo ENOTFOUND api.anthropic.com'), { code: 'ENOTFOUND' });
      const error = toModelError(new APIConnectionError({ cause }), { baseURL: 'https://api.anthropic.com' });
      expect(error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'dns' });
      expect(error.message).toContain('HTTPS_PROXY');
      expect(error.message).toContain('NODE_USE_ENV_PROXY');
      expect(error.message).not.toContain('proxy-s3cret');
      process.env.HTTPS_PROXY = 'me:proxy-s3cret@127.0.0.1:3128';
      expect(toModelError(new APIConnectionError({ cause }), { baseURL: 'https://api.anthropic.com' }).message).not.toContain('proxy-s3cret');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('answers something that is not HTTP: MODEL_UNREACHABLE (protocol) naming the URL, not retried', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n')));
    const url = `http://127.0.0.1:${await listen(server)}`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'protocol', retryable: false });
    expect(result.error?.message).toContain(url);
    expect(result.retries).toBe(0);
  });

  it('answers 404 to a base URL that ends with /v1: the message says the SDK adds /v1/messages itself', async () => {
    const server = http.createServer((request, response) => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    const url = `http://127.0.0.1:${await listen(server)}/v1`;
    const result = await query(url);
    expect(result.error).toMatchObject({ code: 'MODEL_REQUEST_FAILED', status: 404 });
    expect(result.error?.message).toContain(`${url}/v1/messages`);
    expect(result.error?.message).toContain('ANTHROPIC_BASE_URL');
  });
});
