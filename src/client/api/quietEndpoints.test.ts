import { describe, expect, it } from 'vitest';
import { isQuietEndpoint } from './quietEndpoints.js';

describe('isQuietEndpoint (SPEC §7: no loading spinner)', () => {
  it('is quiet for the listed endpoints', () => {
    for (const p of [
      'tTopicReview/checkEndReview',
      'tTopicDeclare/saveStepKaiTi',
      'categoryDict/queryCategoryDictByType?type=x',
      '/api/tTopicReview/checkEndReview',
    ]) {
      expect(isQuietEndpoint(p)).toBe(true);
    }
  });
  it('is quiet for statistics and home line pages', () => {
    for (const p of [
      'statistics/topicByArea',
      'tTopic/subjectStatistics',
      'home/queryMenuList',
      'home/getDicListByType?type=sjzt',
    ]) {
      expect(isQuietEndpoint(p)).toBe(true);
    }
  });
  it('shows the indicator for everything else', () => {
    for (const p of [
      'sys/login',
      'resource/topic/save',
      'tTopicReview/list',
      'categoryDict/other',
      'basicInfoMaintain/querySysName',
    ]) {
      expect(isQuietEndpoint(p)).toBe(false);
    }
  });
});
