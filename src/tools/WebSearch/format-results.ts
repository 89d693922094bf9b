import { hostOf } from './domains.ts';
import { SOURCES_REMINDER } from './prompt.ts';
import { backendLabel } from './settings.ts';
import type { WebSearchOutput } from './types.ts';

/** The text the model reads: numbered results (title, URL, snippet), then the sources reminder. */
export function formatResultsForModel(output: WebSearchOutput): string {
  const label = backendLabel(output.backend);
  const lines: string[] = [];
  if (output.results.length === 0) {
    lines.push(`No results found for "${output.query}" (${label}).`);
    if (output.filteredOut > 0) lines.push(`The domain filters removed ${output.filteredOut} ${output.filteredOut === 1 ? 'result' : 'results'}; try other domains or no filter.`);
    else lines.push('Try different or fewer keywords.');
    appendEngines(lines, output);
    return lines.join('\n');
  }
  const count = output.results.length;
  lines.push(`Web search results for "${output.query}" (${label}, ${count} ${count === 1 ? 'result' : 'results'}):`, '');
  output.results.forEach((result, index) => {
    lines.push(`${index + 1}. ${result.title}`, `   URL: ${result.url}`);
    if (result.publishedDate) lines.push(`   Published: ${result.publishedDate}`);
    if (result.snippet) lines.push(`   ${result.snippet}`);
    lines.push('');
  });
  appendEngines(lines, output);
  if (output.unresponsiveEngines?.length) lines.push('');
  lines.push(SOURCES_REMINDER);
  return lines.join('\n');
}

function appendEngines(lines: string[], output: WebSearchOutput): void {
  if (!output.unresponsiveEngines?.length) return;
  lines.push(`Unresponsive SearXNG engines: ${output.unresponsiveEngines.map(([engine, error]) => `${engine} (${error})`).join(', ')}.`);
}

/** A compact list for the user: a count line, then one line per result (title and host). */
export function renderResultsForUser(output: WebSearchOutput): string {
  const label = backendLabel(output.backend);
  const count = output.results.length;
  const head = `${count === 0 ? 'No results' : `${count} ${count === 1 ? 'result' : 'results'}`} (${label}, ${output.durationSeconds.toFixed(1)} s)`;
  return [head, ...output.results.map((result, index) => `  ${index + 1}. ${result.title} — ${hostOf(result.url) || result.url}`)].join('\n');
}
