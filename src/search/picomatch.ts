import picomatchFactory from 'picomatch';
import type Picomatch from 'picomatch';

/**
 * picomatch's matcher factory. A static import, so the bundle carries picomatch inside it: a `require` made at run
 * time would look for a package the installed codev does not have (it is bundled, not a dependency).
 */
export function picomatch(glob: string, options?: Picomatch.PicomatchOptions): Picomatch.Matcher {
  return picomatchFactory(glob, options);
}
