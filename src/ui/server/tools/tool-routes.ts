import type { CodevError } from '../../../errors/codev-error.ts';
import type { UiRoute } from '../types.ts';
import { explainRequest } from './explain-request.ts';
import { toolPoolOf } from './tool-pool-of.ts';

/** The tool pool and the rules: `GET /api/tools`, `GET /api/tools/events`, `POST /api/explain`. */
export function toolRoutes(): UiRoute[] {
  return [
    { method: 'GET', pattern: '/api/tools', handle: async (_request, context) => ({ json: await toolPoolOf(context.kernel.generation, context.kernel.errors) }) },
    {
      method: 'GET',
      pattern: '/api/tools/events',
      handle: async (_request, context) => ({
        // The pool after each hot reload: a burst of reloads sends the latest pool once, never a backlog.
        async stream(send, signal) {
          let pending: { errors?: readonly CodevError[] } | undefined;
          let wake: (() => void) | undefined;
          const changed = (errors?: readonly CodevError[]) => {
            pending = errors === undefined ? {} : { errors };
            wake?.();
          };
          const stops = [
            context.kernel.on('reload', () => changed()),
            // A config that fails keeps the last good generation: its errors are said with it.
            context.kernel.on('reload-error', (event) => changed(event.kept ? [...context.kernel.errors, ...event.errors] : undefined)),
          ];
          const ended = new Promise<void>((resolve) => {
            if (signal.aborted) resolve();
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
          try {
            while (!signal.aborted) {
              if (!pending) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), ended]);
              wake = undefined;
              if (signal.aborted || !pending) continue;
              const { errors } = pending;
              pending = undefined;
              send(await toolPoolOf(context.kernel.generation, errors ?? context.kernel.errors));
            }
          } finally {
            for (const stop of stops) stop();
          }
        },
      }),
    },
    { method: 'POST', pattern: '/api/explain', handle: async (request, context) => ({ json: await explainRequest({ kernel: context.kernel, body: request.body }) }) },
  ];
}
