import path from 'node:path';
import type { LoadErrorExplanation } from './explain-load-error.ts';

/** An instruction for fixing a failed import, phrased for the kind of failure. `subject` is "plugin" or "config". */
export function loadErrorHint(options: { explanation: LoadErrorExplanation; subject: 'plugin' | 'config' }): string {
  const { explanation, subject } = options;
  const name = path.basename(explanation.file);
  switch (explanation.kind) {
    case 'syntax':
      return `fix the syntax error in ${name} and save it again`;
    case 'module-not-found': {
      const specifier = explanation.missingModule ?? 'the import';
      if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
        return `check the import path "${specifier}" in ${name}: it is resolved relative to that file, and TypeScript files need their extension`;
      }
      return `install the package (npm install ${packageName(specifier)}) or fix the import "${specifier}" in ${name}`;
    }
    case 'runtime':
      return subject === 'plugin'
        ? `the plugin threw while being imported; fix the error at the location above (side effects belong in setup(ctx))`
        : `the config threw while being evaluated; fix the error at the location above`;
  }
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
