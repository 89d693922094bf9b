/** The engine's answer below its verdict (shown by the form's status line): reason, rule, shell analysis, paths. */
import { html } from './html.ts';
import { prettyJson } from './format.ts';
import type { UiExplanation } from '../types.ts';

export function ExplanationView(props: { explanation: UiExplanation }) {
  const { explanation } = props;
  const { verdict } = explanation;
  return html`<section class="explanation" aria-label="Explanation">
    ${verdict.immune ? html`<p><span class="badge">immune to rules</span></p>` : null}
    <p>${verdict.reason}${verdict.message ? ` — ${verdict.message}` : ''}</p>
    ${verdict.rule ? html`<p>Rule: <code>${ruleText(verdict.rule)}</code></p>` : null}
    <p class="muted">Tool <code>${explanation.tool}</code>, mode <code>${explanation.mode}</code>.</p>
    ${explanation.inputError ? html`<p class="alert">Input: ${explanation.inputError}</p>` : null}
    ${explanation.shell.map((shell, index) => html`<section key=${index} class="shell" aria-label="Shell analysis">
      <h3>Shell: <code>${shell.command}</code></h3>
      ${shell.sandboxed ? html`<p class="muted">Sandboxed.</p>` : null}
      ${!shell.parsed ? html`<p class="alert warning">Not parsed${shell.failure ? `: ${shell.failure}` : ''}${shell.opaque ? ` (opaque: ${shell.opaque})` : ''}</p>` : null}
      <ul>
        ${shell.commands.map((command, position) => html`<li key=${position}>
          <code>${command.text}</code>
          ${command.opaque ? html`<div>opaque: ${command.opaque}</div>` : null}
          ${command.reads && command.reads.length > 0 ? html`<div>reads: ${command.reads.join(', ')}</div>` : null}
          ${command.writes && command.writes.length > 0 ? html`<div>writes: ${command.writes.join(', ')}</div>` : null}
          <div>${command.deniedBy ? html`rule <code>${command.deniedBy.rule}</code> → ${command.deniedBy.behavior} (${command.deniedBy.source})` : command.allowedBy ? html`rule <code>${command.allowedBy.rule}</code> → allow (${command.allowedBy.source})` : 'no rule matched'}</div>
        </li>`)}
      </ul>
      ${shell.redirects.reads.length + shell.redirects.writes.length > 0
        ? html`<p>Redirects: ${shell.redirects.reads.length > 0 ? `reads ${shell.redirects.reads.join(', ')}` : ''} ${shell.redirects.writes.length > 0 ? `writes ${shell.redirects.writes.join(', ')}` : ''}</p>`
        : null}
    </section>`)}
    ${explanation.paths.length > 0 ? html`<section aria-label="Paths"><h3>Paths</h3><ul>${explanation.paths.map((path, index) => html`<li key=${index}><code>${pathText(path)}</code></li>`)}</ul></section>` : null}
    ${explanation.urls.length > 0 ? html`<p>URLs: ${explanation.urls.join(', ')}</p>` : null}
    ${explanation.unresolvedReads.length + explanation.unresolvedWrites.length > 0
      ? html`<p class="alert warning">Unresolved: ${[...explanation.unresolvedReads.map((path) => `reads ${path}`), ...explanation.unresolvedWrites.map((path) => `writes ${path}`)].join(', ')}</p>`
      : null}
  </section>`;
}

function ruleText(rule: { [key: string]: unknown }): string {
  return typeof rule.rule === 'string' ? rule.rule : typeof rule.text === 'string' ? rule.text : prettyJson(rule);
}

/** "write build → /project/build (recursive)": the access, the path as written, where it resolves, the rest as flags. */
function pathText(path: { [key: string]: unknown }): string {
  const { access, path: written, real, lexical, origin: _origin, ...rest } = path;
  const resolved = typeof real === 'string' ? real : typeof lexical === 'string' ? lexical : undefined;
  const flags = Object.entries(rest)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([key, value]) => (value === true ? key : `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`));
  return [typeof access === 'string' ? access : '', typeof written === 'string' ? written : '', resolved && resolved !== written ? `→ ${resolved}` : '', flags.length > 0 ? `(${flags.join(', ')})` : '']
    .filter(Boolean)
    .join(' ');
}
