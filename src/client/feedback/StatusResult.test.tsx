// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { setupDom } from '../runtime/testing/setupDom.js';
import { StatusResult } from './StatusResult.js';

setupDom();
afterEach(cleanup);

describe('a status page', () => {
  it.each(['403', '404', '500'] as const)(
    'draws antd’s %s picture hidden from screen readers, so nothing in English is read out',
    (status) => {
      const { container } = render(<StatusResult status={status} title={status} subTitle="抱歉" />);
      const picture = container.querySelector('svg')!;
      expect(picture).not.toBeNull();
      // antd's picture names itself (No Found, Unauthorized, Server Error) in an SVG title.
      expect(picture.querySelector('title')?.textContent).toMatch(/[A-Za-z]/);
      expect(picture.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(screen.queryAllByRole('img')).toEqual([]);
      expect(container.querySelector(`.status-result-${status}`)).not.toBeNull();
      expect(screen.getByText('抱歉')).toBeTruthy();
    },
  );
});
