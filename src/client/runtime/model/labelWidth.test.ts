import { describe, expect, it } from 'vitest';
import { itemLabels, LABEL_MAX_WIDTH, labelWidthFor, textWidth } from './labelWidth.js';

describe('labelWidthFor', () => {
  it('fits the longest label with its mark and colon on one line (注册需市级审核 needs more than 110 px)', () => {
    const w = labelWidthFor(['系统名称', '主办单位', '评审方式', '注册需市级审核']);
    expect(w).toBeGreaterThanOrEqual(textWidth('注册需市级审核') + 30);
    expect(w).toBeGreaterThan(110);
  });

  it('keeps short forms at the least width and caps a very long label (it wraps instead)', () => {
    expect(labelWidthFor(['名称'])).toBe(90);
    expect(labelWidthFor([])).toBe(90);
    expect(labelWidthFor(['一二三四五六七八九十一二三四五六七八九十'])).toBe(LABEL_MAX_WIDTH);
  });

  it('counts Latin letters and digits narrower than Chinese characters', () => {
    expect(textWidth('ID')).toBeLessThan(textWidth('编号'));
  });
});

describe('itemLabels', () => {
  it('reads the labels of form items through sections and steps, not of the sections themselves', () => {
    expect(
      itemLabels({
        section0: {
          title: '系统信息',
          'x-decorator': undefined,
          properties: {
            grid: {
              properties: {
                systemName: { title: '系统名称', 'x-decorator': 'FormItem' },
                signUpApproval: { title: '注册需市级审核', 'x-decorator': 'CopyableFormItem' },
              },
            },
          },
        },
      }),
    ).toEqual(['系统名称', '注册需市级审核']);
  });
});
