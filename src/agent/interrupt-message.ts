/** The note after the tool results of a turn the user interrupted, so the model knows why its calls stopped. */
export const INTERRUPT_MESSAGE = '[Request interrupted by user for tool use]';
