import { createJiti, type Jiti } from 'jiti';
import * as codev from '../index.ts';

/**
 * A jiti instance for plugin and config files. `moduleCache: false` makes every import re-read the file and
 * its local imports, so an edit is seen on the next load (the default cache serves stale modules);
 * packages in node_modules are still loaded natively and shared with the host, so `zod` stays one copy.
 * `import … from 'codev'` is served the host's own module, so plugins share its classes and markers and
 * a reload does not evaluate codev's sources again.
 * `interopDefault: false` keeps `default` and named exports apart, which export resolution relies on.
 */
export function createPluginImporter(): Jiti {
  return createJiti(import.meta.url, { moduleCache: false, interopDefault: false, virtualModules: { codev } });
}
