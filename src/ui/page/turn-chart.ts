/** Cost (or tokens, when no turn has a price) per turn as inline SVG bars, with a table as its text alternative. */
import { useId } from 'preact/hooks';
import { html } from './html.ts';
import { Disclosure } from './disclosure.ts';
import { formatCost, formatCount } from './format.ts';
import { highestValue } from './highest-value.ts';
import type { UiTurnCost } from '../types.ts';

const WIDTH = 600;
const HEIGHT = 120;

export function TurnChart(props: { turns: UiTurnCost[] }) {
  const { turns } = props;
  const summaryId = useId();
  const priced = turns.some((turn) => turn.costUsd !== null && turn.costUsd > 0);
  const value = (turn: UiTurnCost) => (priced ? (turn.costUsd ?? 0) : turn.inputTokens + turn.outputTokens);
  const highest = highestValue(turns.map(value), Number.MIN_VALUE);
  const barWidth = WIDTH / turns.length;
  const total = turns.reduce((sum, turn) => sum + value(turn), 0);
  const summary = priced
    ? `${turns.length} turns, ${formatCost(total)} in all, the most ${formatCost(highest)} in one turn.`
    : `${turns.length} turns without a price, ${formatCount(total)} tokens in all.`;
  return html`<section class="chart" aria-label="Per-turn cost">
    <h2>${priced ? 'Cost per turn' : 'Tokens per turn'}</h2>
    <svg role="img" aria-label="Cost per turn" aria-describedby=${summaryId} viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" class="chart-svg">
      <title>Cost per turn</title>
      ${turns.map((turn, index) => {
        const height = Math.max(1, (value(turn) / highest) * (HEIGHT - 4));
        return html`<rect key=${index} x=${index * barWidth + barWidth * 0.1} width=${Math.max(0.5, barWidth * 0.8)} y=${HEIGHT - height} height=${height}>
          <title>Turn ${turn.turn}: ${formatCost(turn.costUsd)}, ${formatCount(turn.inputTokens)} in, ${formatCount(turn.outputTokens)} out</title>
        </rect>`;
      })}
    </svg>
    <p id=${summaryId} class="muted">${summary}</p>
    <${Disclosure} summary="Per-turn table">${() => html`
      <div class="table-scroll" tabindex="0" role="region" aria-label="Per-turn table">
        <table>
          <thead><tr><th scope="col" class="number">Turn</th><th scope="col">Model</th><th scope="col" class="number">Cost</th><th scope="col" class="number">Input</th><th scope="col" class="number">Output</th><th scope="col" class="number">Cache read</th><th scope="col" class="number">Cache write</th></tr></thead>
          <tbody>
            ${turns.map((turn, index) => html`<tr key=${index}>
              <td class="number">${turn.turn}</td><td>${turn.model}</td><td class="number">${formatCost(turn.costUsd)}</td>
              <td class="number">${formatCount(turn.inputTokens)}</td><td class="number">${formatCount(turn.outputTokens)}</td>
              <td class="number">${formatCount(turn.cacheReadInputTokens)}</td><td class="number">${formatCount(turn.cacheCreationInputTokens)}</td>
            </tr>`)}
          </tbody>
        </table>
      </div>`}
    <//>
  </section>`;
}
