import { describe, expect, it } from '@jest/globals';
import { boundedPage, windowOf } from './reports.service.js';

describe('windowOf: the From and To filters as a window of creation times', () => {
  it('takes a date as the whole UTC day, To included', () => {
    expect(windowOf({ from: '2025-02-01', to: '2025-02-28' })).toStrictEqual({
      from: new Date('2025-02-01T00:00:00.000Z'),
      until: new Date('2025-03-01T00:00:00.000Z'),
    });
  });

  it('takes a date-time as that instant, To included to the millisecond', () => {
    expect(windowOf({ from: '2025-02-01T10:00:00.000Z', to: '2025-02-01T11:00:00+01:00' })).toStrictEqual({
      from: new Date('2025-02-01T10:00:00.000Z'),
      until: new Date('2025-02-01T10:00:00.001Z'),
    });
  });

  it('leaves a missing bound open', () => {
    expect(windowOf({})).toStrictEqual({ from: null, until: null });
  });
});

describe('boundedPage: the Logs page answered is within 1 and the last page', () => {
  it('keeps a page within bounds', () => {
    expect(boundedPage(2, 31, 25)).toStrictEqual({ page: 2, pageCount: 2 });
  });

  it('answers the last page for a page past it', () => {
    expect(boundedPage(9, 31, 25)).toStrictEqual({ page: 2, pageCount: 2 });
  });

  it('counts a full last page as one page, not one more', () => {
    expect(boundedPage(3, 50, 25)).toStrictEqual({ page: 2, pageCount: 2 });
  });

  it('answers page 1 of 1 when nothing matches', () => {
    expect(boundedPage(4, 0, 25)).toStrictEqual({ page: 1, pageCount: 1 });
  });
});
