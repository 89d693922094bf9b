import { describe, expect, it } from 'vitest';
import { joinSentences } from './join-sentences.ts';

describe('joinSentences', () => {
  it('ends a part that has no period with one before the next', () => {
    expect(joinSentences('codev requested permission to run: touch x.txt', 'It was denied.')).toBe('codev requested permission to run: touch x.txt. It was denied.');
  });

  it('keeps the ending a part has, a quoted or bracketed one too, and leaves the last part as it is', () => {
    expect(joinSentences('Stop!', 'Is it "done?"', '(see above.)', 'last')).toBe('Stop! Is it "done?" (see above.) last');
  });

  it('drops empty parts', () => {
    expect(joinSentences('', 'only one', '  ')).toBe('only one');
  });
});
