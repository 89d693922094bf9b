'use strict';
/**
 * The REPL worker: one per session, started by start-repl-process.ts under Node's permission model (reads of
 * this file only; no writes, child processes, workers, addons or WASI) with code generation from strings
 * disallowed in this realm, and inside bubblewrap (no network) when available. It runs cells, already
 * transformed by transform-repl-code.ts, in one `vm` context that keeps their state. Its globals are the JS
 * builtins of the context, `console` (captured), timers, URL and text encoding, the tool functions, `tools`
 * and `callTool(name, input)`. Every tool call goes to the host over IPC, which runs it through codev's
 * whole permission lifecycle. Plain JavaScript: it runs outside any loader and may read nothing else.
 */
const vm = require('node:vm');
const util = require('node:util');
const { Console } = require('node:console');
const { Writable } = require('node:stream');

if (typeof process.send !== 'function') process.exit(2);
const send = process.send.bind(process);
const exit = process.exit.bind(process);

/** Handles that would let code act outside the host's permission checks; removed before any user code runs. */
const REMOVED_PROCESS_KEYS = [
  'kill', '_kill', '_debugProcess', '_debugEnd', 'getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'mainModule',
  'chdir', 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'openStdin', 'loadEnvFile',
  '_startProfilerIdleNotifier', '_stopProfilerIdleNotifier',
];
const HOST_GLOBALS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa'];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const IDLE_OUTPUT_CHARS = 10_000;
const INSPECT_OPTIONS = { depth: 4, maxArrayLength: 100, maxStringLength: 10_000, breakLength: 100 };
const MAX_RESULT_CHARS = 50_000;

hardenProcess();

const context = vm.createContext({}, { name: 'codev REPL', codeGeneration: { strings: true, wasm: true } });
const builtinNames = new Set(vm.runInContext('Object.getOwnPropertyNames(globalThis)', context));
// Made inside the context, so user code sees its own realm's Error, Promise and Object (instanceof works).
const realm = vm.runInContext(`(() => {
  const parse = JSON.parse, ErrorClass = Error, defineProperty = Object.defineProperty;
  return {
    parse: (text) => parse(text),
    object: () => ({}),
    error: (message, status, toolName) => { const error = new ErrorClass(message); error.status = status; error.toolName = toolName; return error; },
    toolFunction: (bridge, name) => defineProperty(async function (input) { return bridge(name, input); }, 'name', { value: name }),
    callTool: (bridge) => async function callTool(name, input) { return bridge(String(name), input); },
  };
})()`, context);
for (const name of HOST_GLOBALS) context[name] = globalThis[name];
context.console = new Console({ stdout: captureStream('stdout'), stderr: captureStream('stderr'), colorMode: false, inspectOptions: { depth: 4 } });

/** The running cell, if any: its id, output budget and the output not yet sent. */
let current;
const idleOutput = { stdout: '', stderr: '' };
let installedTools = new Set();
let lastCallId = 0;
const pendingCalls = new Map();

process.on('message', (message) => {
  if (message.type === 'run') void runCell(message);
  else if (message.type === 'tool-result') answerToolCall(message);
});
process.on('disconnect', () => exit(0));
process.on('uncaughtException', (error) => capture('stderr', `Uncaught ${describeError(error)}\n`));
process.on('unhandledRejection', (reason) => capture('stderr', `Unhandled rejection: ${describeError(reason)}\n`));
send({ type: 'ready' });

async function runCell(message) {
  if (current) {
    send({ type: 'done', runId: message.runId, error: 'Error: the REPL is already running a cell' });
    return;
  }
  current = { runId: message.runId, maxOutputChars: message.maxOutputChars, sent: { stdout: 0, stderr: 0 }, pending: { stdout: '', stderr: '' }, flushing: false };
  for (const stream of ['stdout', 'stderr']) {
    if (idleOutput[stream]) capture(stream, idleOutput[stream]);
    idleOutput[stream] = '';
  }
  installTools(message.toolNames);
  let result;
  let error;
  try {
    // The wrapper's first line comes before the user's code: line numbers match what the user wrote.
    const script = new vm.Script(message.code, { filename: 'repl', lineOffset: -1 });
    const value = await script.runInContext(context, { displayErrors: false });
    if (value !== undefined) result = inspectValue(value);
  } catch (thrown) {
    error = describeError(thrown, message.lineCount);
  }
  flush();
  send({ type: 'done', runId: message.runId, result, error });
  current = undefined;
  // The host cancels the calls a cell did not wait for; their promises settle here, between cells.
  for (const call of pendingCalls.values()) call.reject(realm.error(`${call.name} was still running when its REPL cell ended; it was cancelled`, 'cancelled', call.name));
  pendingCalls.clear();
}

function installTools(names) {
  const tools = realm.object();
  const next = new Set();
  for (const name of names) {
    const fn = realm.toolFunction(bridge, name);
    tools[name] = fn;
    if (IDENTIFIER.test(name) && !builtinNames.has(name)) {
      context[name] = fn;
      next.add(name);
    }
  }
  // A tool that left the pool since the last cell is no longer callable by its bare name.
  for (const name of installedTools) if (!next.has(name)) delete context[name];
  installedTools = next;
  context.tools = tools;
  context.callTool = realm.callTool(bridge);
}

function bridge(name, input) {
  if (!current) return Promise.reject(realm.error(`${name} was called after its REPL cell ended`, 'cancelled', name));
  let inputJson;
  try {
    inputJson = JSON.stringify(input === undefined ? {} : input);
  } catch (error) {
    return Promise.reject(realm.error(`The input of ${name} is not JSON: ${error && error.message}`, 'invalid-input', name));
  }
  const callId = ++lastCallId;
  return new Promise((resolve, reject) => {
    pendingCalls.set(callId, { resolve, reject, name });
    send({ type: 'tool', runId: current.runId, callId, name, inputJson });
  });
}

function answerToolCall(message) {
  const call = pendingCalls.get(message.callId);
  if (!call) return;
  pendingCalls.delete(message.callId);
  if (!message.ok) call.reject(realm.error(message.message, message.status, call.name));
  else {
    try {
      call.resolve(message.outputJson === undefined ? undefined : realm.parse(message.outputJson));
    } catch (error) {
      call.reject(realm.error(`The output of ${call.name} could not be read: ${error && error.message}`, 'error', call.name));
    }
  }
}

function captureStream(stream) {
  return new Writable({
    decodeStrings: false,
    write(chunk, _encoding, callback) {
      capture(stream, typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
  });
}

/** Output of the running cell, batched and capped; output between cells goes to the next one. */
function capture(stream, text) {
  if (!current) {
    idleOutput[stream] = (idleOutput[stream] + text).slice(0, IDLE_OUTPUT_CHARS);
    return;
  }
  const room = current.maxOutputChars - current.sent[stream] - current.pending[stream].length;
  if (room <= 0) return;
  current.pending[stream] += text.length <= room ? text : `${text.slice(0, room)}\n[output over ${current.maxOutputChars} characters; the rest was dropped]\n`;
  if (!current.flushing) {
    current.flushing = true;
    setImmediate(flush);
  }
}

function flush() {
  if (!current) return;
  current.flushing = false;
  for (const stream of ['stdout', 'stderr']) {
    const text = current.pending[stream];
    if (!text) continue;
    current.sent[stream] += text.length;
    current.pending[stream] = '';
    send({ type: 'output', runId: current.runId, stream, text });
  }
}

function inspectValue(value) {
  try {
    const text = util.inspect(value, INSPECT_OPTIONS);
    return text.length <= MAX_RESULT_CHARS ? text : `${text.slice(0, MAX_RESULT_CHARS)}\n... [${text.length - MAX_RESULT_CHARS} more characters]`;
  } catch (error) {
    return `[a value that could not be inspected: ${error && error.message}]`;
  }
}

/** `Name [status]: message` and the stack frames in the user's code (its lines are 1..lineCount). */
function describeError(thrown, lineCount = Infinity) {
  try {
    if (thrown !== null && typeof thrown === 'object' && typeof thrown.message === 'string') {
      const name = typeof thrown.name === 'string' ? thrown.name : 'Error';
      const status = typeof thrown.status === 'string' ? ` [${thrown.status}]` : '';
      const frames = typeof thrown.stack === 'string' ? thrown.stack.split('\n').filter((line) => isUserFrame(line, lineCount)) : [];
      return [`${name}${status}: ${thrown.message}`, ...frames.map((line) => `    ${line.trim()}`)].join('\n');
    }
    return `Uncaught ${util.inspect(thrown, INSPECT_OPTIONS)}`;
  } catch {
    return 'Uncaught exception (it could not be described)';
  }
}

function isUserFrame(line, lineCount) {
  const match = /^\s+at\b.*\brepl:(\d+):\d+/.exec(line);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= lineCount;
}

function hardenProcess() {
  for (const key of REMOVED_PROCESS_KEYS) {
    try {
      delete process[key];
    } catch {
      // Not configurable: shadowed below.
    }
    if (key in process) {
      try {
        Object.defineProperty(process, key, { value: undefined, writable: false, configurable: false });
      } catch {
        // Left as is; the permission model still applies.
      }
    }
  }
  for (const key of Object.keys(process.env)) delete process.env[key];
}
