import { describe, expect, it } from '@jest/globals';
import { windowOf } from './reports.service.js';

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
