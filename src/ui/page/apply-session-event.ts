/** A live `items` event applied to a session view: items replaced by id in place, new ones appended; the rest kept by identity. */
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
  return { ...view, items, turns: event.turns, row: event.row };
}
