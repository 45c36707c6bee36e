// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { PageHeading } from './PageHeading.js';

afterEach(cleanup);

describe('the page heading', () => {
  it('takes the focus after a move to another page, not on the first page loaded', () => {
    const link = document.createElement('a');
    link.href = '#';
    document.body.append(link);
    link.focus();
    const view = render(<PageHeading name="课题审核管理" pathname="/projectManagement/projectList" />);
    const heading = view.getByRole('heading', { level: 1, name: '课题审核管理' });
    expect(document.activeElement).toBe(link);
    view.rerender(<PageHeading name="课题变更管理" pathname="/projectManagement/changeList" />);
    expect(document.activeElement).toBe(heading);
    expect(heading.textContent).toBe('课题变更管理');
    link.remove();
  });

  it('leaves the focus in a dialog that is open when the page changes under it', () => {
    const wrap = document.createElement('div');
    wrap.className = 'ant-modal-wrap';
    const input = document.createElement('input');
    wrap.append(input);
    document.body.append(wrap);
    const view = render(<PageHeading name="首页" pathname="/homePage" />);
    input.focus();
    view.rerender(<PageHeading name="课题审核管理" pathname="/projectManagement/projectList" />);
    expect(document.activeElement).toBe(input);
    wrap.remove();
  });
});
