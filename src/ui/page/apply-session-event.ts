/** A live `items` event applied to a session view: items replaced by id in place, new ones appended; turns from the event's first on replaced; the rest kept by identity. */
import type { UiSessionView, UiTimelineItem } from '../types.ts';

export function applySessionItems(view: UiSessionView, event: { items: UiTimelineItem[]; turns: UiSessionView['turns']; row: UiSessionView['row'] }): UiSessionView {
  const items = view.items.slice();
  const positions = new Map<string, number>();
  items.forEach((item, index) => positions.set(item.id, index));
  for (const item of event.items) {
    const position = positions.get(item.id);
    if (position === undefined) {
      positions.set(item.id, items.length);
      items.push(item);
    } else items[position] = item;
  }
  // The event's turns go on from its first one's number: the turns before it are kept.
  const first = event.turns[0]?.turn;
  const turns = first === undefined ? view.turns : [...view.turns.filter((turn) => turn.turn < first), ...event.turns];
  return { ...view, items, turns, row: event.row };
}
