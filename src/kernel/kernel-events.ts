import { errorMessage } from '../errors/codev-error.ts';
import type { KernelEvents } from './types.ts';

/** The kernel's event names. */
export const KERNEL_EVENTS: readonly (keyof KernelEvents)[] = ['reload', 'reload-error', 'watch-error'];

/** A typed event bus. Listeners are observers: one that throws is reported as a warning and the others still run. */
export interface KernelEventBus {
  on<Name extends keyof KernelEvents>(event: Name, listener: (payload: KernelEvents[Name]) => void): () => void;
  emit<Name extends keyof KernelEvents>(event: Name, payload: KernelEvents[Name]): void;
  clear(): void;
}

export function createKernelEventBus(): KernelEventBus {
  const listeners = new Map<keyof KernelEvents, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      // Wrapped so that adding the same function twice gives two subscriptions, each with its own disposer.
      const entry = (payload: never) => listener(payload);
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload as never);
        } catch (error) {
          process.emitWarning(`A "${event}" listener threw: ${errorMessage(error)}`, { code: 'CODEV_LISTENER_FAILED' });
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
