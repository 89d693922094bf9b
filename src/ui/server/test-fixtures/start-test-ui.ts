/** Test-only: a `codev ui` server over a temp project and a page folder of its own, and raw HTTP requests to it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveUi, type ServeUiOptions, type UiServer } from '../serve-ui.ts';

/** A page folder like the build's: index.html, assets/app.js, assets/app.css. */
export function writeTestPage(folder: string): string {
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/assets/app.js"></script>\n');
  writeFileSync(path.join(folder, 'assets', 'app.js'), 'console.log("app");\n');
  writeFileSync(path.join(folder, 'assets', 'app.css'), 'body { margin: 0 }\n');
  return folder;
}

/** A running server, the temp folders it uses (`base` holds the project and the page), and its removal. */
export interface TestUi {
  server: UiServer;
  base: string;
  projectRoot: string;
  pageDirectory: string;
  /** A raw request with the token as a bearer (unless `headers.authorization` is given, or `auth: false`). */
  send(options: SendOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string;
  auth?: boolean;
}

export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

/** Serves a fresh temp project (a package.json) with the given options; `prepare` may add files to the page folder first. */
export async function startTestUi(options: Omit<ServeUiOptions, 'cwd' | 'env'> & { prepare?: (paths: { base: string; pageDirectory: string }) => void } = {}): Promise<TestUi> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-'));
  const projectRoot = path.join(base, 'project');
  mkdirSync(projectRoot);
  writeFileSync(path.join(projectRoot, 'package.json'), '{ "type": "module" }\n');
  const pageDirectory = writeTestPage(path.join(base, 'page'));
  const { prepare, ...serveOptions } = options;
  prepare?.({ base, pageDirectory });
  let server: UiServer;
  try {
    server = await serveUi({ ...serveOptions, cwd: projectRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_UI_PAGE_DIR: pageDirectory } });
  } catch (error) {
    rmSync(base, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    base,
    projectRoot,
    pageDirectory,
    send: (sendOptions) => sendRequest({ port: server.port, token: server.token, ...sendOptions }),
    async close() {
      await server.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** One raw HTTP request to 127.0.0.1:port: Host is `127.0.0.1:port` unless given (a list sends it twice). */
export function sendRequest(options: SendOptions & { port: number; token?: string }): Promise<TestResponse> {
  const headers: Record<string, string | string[]> = { host: `127.0.0.1:${options.port}`, ...options.headers };
  if (options.auth !== false && options.token !== undefined && headers.authorization === undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: options.port, method: options.method ?? 'GET', path: options.path, headers, setHost: false, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text, json: () => JSON.parse(text) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The status of a request written byte for byte (two Host headers, which node's client will not send). */
export function sendRawRequest(port: number, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}
