// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { setupDom } from '../../../../runtime/testing/setupDom.js';
import { cell, heading } from './rankingCells.js';

setupDom();
afterEach(cleanup);

describe('ranking cells', () => {
  it('writes a number with its unit (申报回避 0人, not a bare 0) and leaves text and empties as they are', () => {
    expect(cell(undefined, 0, '人')).toBe('0人');
    expect(cell(undefined, '85.5', '分')).toBe('85.5分');
    expect(cell(undefined, '专家1：80；专家2：90', '分')).toBe('专家1：80；专家2：90');
    expect(cell(undefined, null, '人')).toBe('—');
    expect(cell(undefined, 3)).toBe('3');
  });

  it('gives a heading a named help mark that says what the column counts', () => {
    const { container } = render(<>{heading('申报回避', '申报回避并经确认的专家人数')}</>);
    expect(container.textContent).toContain('申报回避');
    expect(container.querySelector('[aria-label="申报回避并经确认的专家人数"]')).not.toBeNull();
    expect(heading('排名')).toBe('排名');
  });
});
