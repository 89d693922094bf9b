import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

let loaded: typeof Picomatch | undefined;

/**
 * picomatch's matcher factory, with the package loaded (by `require`, synchronously) at the first call: a
 * process that matches no glob never loads it.
 */
export function picomatch(glob: string, options?: Picomatch.PicomatchOptions): Picomatch.Matcher {
  loaded ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch;
  return loaded(glob, options);
}
