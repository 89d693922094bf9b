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
  if (codevKept) {
    lines.push('', `codev dependency: kept yours, "codev": ${JSON.stringify(codevKept.yours)}; this codev would have written ${JSON.stringify(options.codev.spec)}`);
    lines.push(`  because ${options.codev.why}.`, '  To change it, edit "codev" in package.json (any npm spec: a version, file:<tarball or folder>, a git URL).');
  } else {
    lines.push('', `codev dependency: "codev": ${JSON.stringify(options.codev.spec)}`, `  because ${options.codev.why}.`);
    lines.push('  To change it, edit "codev" in package.json (any npm spec: a version, file:<tarball or folder>, a git URL),', '  or give one to codev init with --codev SPEC.');
  }
  if (plan.commonJs) lines.push('', commonJsNote(plan.commonJs));
  lines.push('', 'Next steps:', ...options.steps.map((step) => `  ${step}`));
  const readme = plan.skip.includes('README.md') ? `The template's README.md (${options.templateFolder}/README.md)` : 'README.md';
  lines.push('', `${readme} says what each file does. The agent (npm run agent) needs ANTHROPIC_API_KEY, or`, 'ANTHROPIC_BASE_URL for an Anthropic-compatible server.');
  return `${lines.join('\n')}\n`;
}

function commonJsNote(commonJs: NonNullable<InitPlan['commonJs']>): string {
  const why = commonJs.reason === 'type-commonjs' ? 'package.json says "type": "commonjs"' : 'package.json has no "type" and this folder has .js files, which "type": "module" would turn into ES modules';
  const tsconfig =
    commonJs.tsconfig === 'written'
      ? 'the tsconfig.json written says so to tsc ("module": "Preserve", "moduleResolution": "Bundler").'
      : 'for tsc (npm run typecheck) your tsconfig.json needs "module": "Preserve" and "moduleResolution": "Bundler"\n(or "type": "module" in package.json once your .js files are ES modules or renamed to .cjs).';
  return `"type" was left as it is: ${why}.\nThe .ts files are ES modules run by codev (agent.ts) and vitest (the tests) either way; ${tsconfig}`;
}
