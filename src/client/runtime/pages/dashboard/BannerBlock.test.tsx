// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DashboardBlockDef } from '../../../../shared/schema/types.js';
import { BannerBlock } from './BannerBlock.js';

afterEach(cleanup);

const here = import.meta.dirname;
/** The sheets that colour a link on a page the shell shows, in the order the bundle has them. */
const SHEETS = [path.join(here, 'banner.css'), path.join(here, '../../../shell/shell.css')];

/**
 * A selector's specificity as [ids, classes, types] (Selectors 4): :where() counts nothing, :not()
 * its argument. jsdom's cascade ignores specificity, so the test weighs the rules itself.
 */
function specificity(selector: string): number[] {
  let s = selector.replace(/:where\([^)]*\)/g, '').replace(/:not\(([^)]*)\)/g, ' $1');
  const ids = (s.match(/#[\w-]+/g) ?? []).length;
  s = s.replace(/#[\w-]+/g, '');
  const classes = (s.match(/\.[\w-]+|\[[^\]]*\]|:(?!:)[\w-]+/g) ?? []).length;
  s = s.replace(/\.[\w-]+|\[[^\]]*\]|::?[\w-]+/g, '');
  const types = (s.match(/(^|[\s>+~])[a-z][\w-]*/gi) ?? []).length;
  return [ids, classes, types];
}
const outranks = (a: number[], b: number[]) => {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

/** The colour the cascade gives `el` from the sheets: the last of the highest specificity wins. */
function cascadedColor(el: Element): { color: string; selector: string } {
  let best: { color: string; selector: string; spec: number[] } | null = null;
  for (const file of SHEETS) {
    postcss.parse(fs.readFileSync(file, 'utf8')).walkRules((rule) => {
      if (rule.parent?.type === 'atrule') return;
      const color = rule.nodes.find((n) => n.type === 'decl' && n.prop === 'color');
      if (!color || color.type !== 'decl') return;
      for (const selector of rule.selectors) {
        if (selector.includes(':hover') || !el.matches(selector)) continue;
        const spec = specificity(selector);
        if (!best || outranks(spec, best.spec)) best = { color: color.value, selector, spec };
      }
    });
  }
  if (!best) throw new Error('no rule colours the element');
  return best;
}

const banner: DashboardBlockDef = {
  type: 'banner',
  setting: 'systemName',
  text: '课题申报、开题、中期、成果鉴定与结题全过程管理',
  links: [
    { label: '注册', to: '/signUp/signUp', signedIn: false },
    { label: '申报指南', to: '/applicationGuide' },
  ],
} as DashboardBlockDef;

describe('the banner block', () => {
  it('draws its links white on the blue banner inside the shell, where every other link is blue', () => {
    render(
      <MemoryRouter>
        <div className="shell">
          <BannerBlock block={banner} settings={{ systemName: '教育科研课题管理平台' }} />
        </div>
      </MemoryRouter>,
    );
    for (const name of ['注册', '申报指南']) {
      const link = screen.getByRole('link', { name });
      expect(cascadedColor(link), name).toMatchObject({ color: '#fff' });
    }
  });

  it('offers 注册 to a visitor only', () => {
    render(
      <MemoryRouter>
        <BannerBlock block={banner} settings={{ systemName: '平台' }} signedIn />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: '注册' })).toBeNull();
    expect(screen.getByRole('link', { name: '申报指南' })).toBeTruthy();
  });
});
