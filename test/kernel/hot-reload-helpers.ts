/** Test-only helpers for the hot-reload tests: fixture plugin sources, event waits and editor-style saves. */
import { rename, unlink, writeFile } from 'node:fs/promises';
import type { Kernel, KernelEvents } from '../../src/kernel/types.ts';
import { PLUGIN_IMPORTS } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import type { CanUseTool } from '../../src/permissions/types.ts';

/** Every call is allowed by the "user", so that only rules and hooks decide. */
export const allowAll: CanUseTool = () => ({ behavior: 'allow' });

/** A plugin file: tool `name` answering `<version>:<message>`, logging setup and dispose to `globalThis[log]`. */
export function versionedPlugin(options: { name?: string; version: string; log: string; gate?: string; extra?: string }): string {
  const name = options.name ?? 'Echo';
  const wait = options.gate ? `await globalThis[${JSON.stringify(options.gate)}];` : '';
  return `${PLUGIN_IMPORTS}
export default definePlugin({
  name: ${JSON.stringify(name.toLowerCase())},
  tools: [buildTool({
    name: ${JSON.stringify(name)},
    description: 'Echo a message',
    inputSchema: z.object({ message: z.string() }),
    isReadOnly: () => true,
    async call({ message }) {
      ${wait}
      return { data: ${JSON.stringify(options.version)} + ':' + message };
    },
  })],
  ${options.extra ?? ''}
  setup(ctx) {
    const log = (globalThis[${JSON.stringify(options.log)}] ??= []);
    log.push('setup ${options.version}');
    ctx.onDispose(() => log.push('dispose ${options.version}'));
  },
});
`;
}

/** The log a {@link versionedPlugin} writes to. */
export function pluginLog(log: string): string[] {
  return ((globalThis as Record<string, unknown>)[log] as string[] | undefined) ?? [];
}

/** Resolves with the next `event` of the kernel; rejects after a generous timeout so a missing event fails clearly. */
export function nextEvent<Name extends keyof KernelEvents>(kernel: Kernel, event: Name, timeoutMs = 15_000): Promise<KernelEvents[Name]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`No "${event}" event within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = kernel.on(event, (payload) => {
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** Every event the kernel emits from now on. */
export function recordEvents(kernel: Kernel): { [Name in keyof KernelEvents]: KernelEvents[Name][] } {
  const recorded = { reload: [], 'reload-error': [], 'watch-error': [] } as { [Name in keyof KernelEvents]: KernelEvents[Name][] };
  kernel.on('reload', (payload) => recorded.reload.push(payload));
  kernel.on('reload-error', (payload) => recorded['reload-error'].push(payload));
  kernel.on('watch-error', (payload) => recorded['watch-error'].push(payload));
  return recorded;
}

/** A VS Code-style atomic save: the new text goes to a temp file beside the target, then is renamed over it. */
export async function atomicSave(file: string, content: string): Promise<void> {
  const temp = `${file}.tmp-${process.pid}`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/** A vim-style save (`backupcopy=no`): the file is renamed to a backup, the new text is written, the backup removed. */
export async function vimSave(file: string, content: string): Promise<void> {
  await rename(file, `${file}~`);
  await writeFile(file, content);
  await unlink(`${file}~`);
}
