/** The timeline component, handed down by context so that a subagent can nest one without an import cycle. */
import { createContext, type FunctionComponent } from 'preact';
import type { UiTimelineItem } from '../types.ts';

export const TimelineComponent = createContext<FunctionComponent<{ items: UiTimelineItem[]; sessionId: string }> | null>(null);
