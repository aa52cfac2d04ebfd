import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { pageOf } from './use-paged-rows';

describe('pageOf', () => {
  it('pages rows 25 at a time, a page past the last showing the last', () => {
    const rows = Array.from({ length: 51 }, (_, index) => index);
    assert.equal(pageOf(rows, 1, 25).pageCount, 3);
    assert.deepEqual(pageOf([], 1, 25), { rows: [], page: 1, pageCount: 1 });
    assert.deepEqual(pageOf(rows, 3, 25).rows, [50]);
    assert.equal(pageOf(rows, 2, 25).rows[0], 25);
    assert.equal(pageOf(rows, 7, 25).page, 3, 'a page past the last shows the last');
  });
});
