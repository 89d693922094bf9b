import { errorMessage } from '../../errors/codev-error.ts';

/** sharp's default export: the image pipeline factory. */
export type Sharp = typeof import('sharp').default;

/** The command that installs sharp (an optional peer of codev), at the range codev is tested with. */
export const SHARP_INSTALL = 'npm i sharp@^0.35.5';

/** sharp, or why it could not be loaded (`reason`: "not installed", or the load error, e.g. no native part for this platform). */
export type LoadedSharp = { sharp: Sharp } | { reason: string; cause: unknown };

let loading: Promise<LoadedSharp> | undefined;

/**
 * Loads sharp on the first image, once per process: it is native and an optional peer, so codev starts (and
 * runs under Deno) without it, and an install without it skips its 19 MB. A failure is not kept: installing
 * sharp mid-process is enough for the next image.
 */
export function loadSharp(): Promise<LoadedSharp> {
  loading ??= import('sharp').then(
    (module): LoadedSharp => ({ sharp: module.default }),
    (error: unknown): LoadedSharp => {
      loading = undefined;
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
      return { reason: missing ? 'not installed' : `it could not be loaded: ${errorMessage(error)}`, cause: error };
    },
  );
  return loading;
}
