import type { CodevDependency } from './codev-dependency.ts';
import type { InitPlan } from './plan-init.ts';

/** What `codev init` did, for its output: what it wrote, what it kept and why, the codev dependency, the next steps. */
export function initReport(options: { name: string; target: string; template: string; templateFolder: string; plan: InitPlan; codev: CodevDependency; steps: readonly string[] }): string {
  const { plan } = options;
  const manifest = plan.packageJson;
  const merged = manifest !== undefined;
  const written = [
    ...plan.create.map((file) => ({ target: file.target, note: '' })),
    ...plan.replace.map(({ file, backup }) => ({ target: file.target, note: `  (replaced; yours is in ${backup})` })),
    ...(manifest && manifest.added.length > 0 ? [{ target: 'package.json', note: `  (added ${manifest.added.join(', ')})` }] : []),
  ].sort((a, b) => a.target.localeCompare(b.target));
  const lines =
    written.length === 0
      ? [`${options.name} in ${options.target} already has every file and entry of template "${options.template}": nothing was written.`]
      : [`${merged ? 'Added codev to' : 'Created'} ${options.name} in ${options.target} (template "${options.template}"):`, ...written.map((file) => `  ${file.target}${file.note}`)];
  if (plan.skip.length > 0) {
    lines.push('', `Kept yours, not overwritten (to merge by hand, compare with ${options.templateFolder}/, or run codev init --force to replace them, each kept as <file>.bak):`);
    lines.push(...plan.skip.map((file) => `  ${file}`));
  }
  if (manifest && manifest.kept.length > 0) {
    lines.push('', 'Kept your values in package.json (the template has others):');
    lines.push(...manifest.kept.map((entry) => `  ${entry.key}: ${JSON.stringify(entry.yours)} (template: ${JSON.stringify(entry.template)})`));
  }
  const codevKept = manifest?.kept.find((entry) => entry.key.endsWith('.codev'));
  lines.push('', codevKept ? `codev dependency: kept yours, "codev": ${JSON.stringify(codevKept.yours)}.` : `codev dependency: "codev": ${JSON.stringify(options.codev.spec)}`);
  if (!codevKept) lines.push(`  because ${options.codev.why}.`);
  lines.push('  To change it, edit "codev" in package.json (any npm spec: a version, file:<tarball or folder>, a git URL),', '  or give one to codev init with --codev SPEC.');
  if (plan.commonJs) lines.push('', commonJsNote(plan.commonJs));
  lines.push('', 'Next steps:', ...options.steps.map((step) => `  ${step}`));
  const readme = plan.skip.includes('README.md') ? `The template's README.md (${options.templateFolder}/README.md)` : 'README.md';
  lines.push('', `${readme} says what each file does. The agent (npm run agent) needs ANTHROPIC_API_KEY, or`, 'ANTHROPIC_BASE_URL for an Anthropic-compatible server.');
  return `${lines.join('\n')}\n`;
}

function commonJsNote(reason: NonNullable<InitPlan['commonJs']>): string {
  const why = reason === 'type-commonjs' ? 'package.json says "type": "commonjs"' : 'package.json has no "type" and this folder has .js files, which "type": "module" would turn into ES modules';
  return (
    `"type" was left as it is: ${why}. codev runs agent.ts and vitest runs the tests as ES modules either way,\n` +
    `but tsc (npm run typecheck) reads the .ts files as CommonJS: set "type": "module" in package.json once your\n` +
    `.js files are ES modules (or renamed to .cjs).`
  );
}
