import { describe, expect, it } from 'vitest';
import { isWriteCall } from './writes.js';

describe('the calls the firing crawler counts as writes', () => {
  it('counts record writes of any entity and module calls whose contract writes', () => {
    expect(isWriteCall('POST', '/api/resource/notice/transition')).toBe(true);
    expect(isWriteCall('POST', '/api/resource/topic/delete')).toBe(true);
    expect(isWriteCall('POST', '/api/resource/topic/save')).toBe(true);
    expect(isWriteCall('POST', '/api/review/allocate')).toBe(true);
    expect(isWriteCall('POST', '/api/review/decide')).toBe(true);
    // The end of a review keeps the name SPEC §7 gives it.
    expect(isWriteCall('POST', '/api/tTopicReview/checkEndReview')).toBe(true);
  });

  it('leaves reads alone, module reads too', () => {
    expect(isWriteCall('POST', '/api/resource/topic/list')).toBe(false);
    expect(isWriteCall('POST', '/api/review/candidates')).toBe(false);
    expect(isWriteCall('POST', '/api/review/progress')).toBe(false);
    expect(isWriteCall('GET', '/api/review/allocate')).toBe(false);
  });
});
