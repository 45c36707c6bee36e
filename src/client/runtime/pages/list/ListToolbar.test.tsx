// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ActionDef, ListPageDef } from '../../../../shared/schema/types.js';
import { resolveAction } from '../../model/actions.js';
import { setupDom } from '../../testing/setupDom.js';
import { ListToolbar } from './ListToolbar.js';

setupDom();
afterEach(cleanup);

describe('ListToolbar', () => {
  it('gives each link the icon of its own schema entry, whichever entries the user is not offered', () => {
    const add: ActionDef = { type: 'link', label: '新增', to: '/add', icon: 'PlusOutlined', primary: true };
    const guide: ActionDef = { type: 'link', label: '填报说明', to: '/guide' };
    const template: ActionDef = { type: 'link', label: '下载模板', to: '/template', icon: 'DownloadOutlined' };
    const page = { id: 'p', kind: 'list', entity: 'notice', toolbar: [add, guide, template] } as unknown as ListPageDef;
    // 新增 is hidden from this user: the two others move one place up.
    render(
      <MemoryRouter>
        <ListToolbar
          page={page}
          entity="notice"
          workflow={null}
          toolbar={[resolveAction(guide, null, 1), resolveAction(template, null, 2)]}
          batchDefs={[]}
          selected={[]}
          ruleInputs={{}}
          values={{}}
          request={{ page: 1, pageSize: 10 }}
          run={async () => true}
          reload={() => undefined}
        />
      </MemoryRouter>,
    );
    const guideButton = screen.getByRole('button', { name: /填报说明/ });
    const templateButton = screen.getByRole('button', { name: /下载模板/ });
    expect(guideButton.querySelector('.anticon')).toBeNull();
    expect(templateButton.querySelector('.anticon-download')).not.toBeNull();
  });
});
