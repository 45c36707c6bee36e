// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markupOf } from './markupOf.js';

describe('the markup of a tree drawn by the stream', () => {
  it('is what renderToString draws, without the zero bytes React 18 pads a buffer with before a Chinese character', async () => {
    const tree = (
      <ul>
        {Array.from({ length: 300 }, (_, i) => (
          <li key={i} title={`关于开展年度教育科学规划课题申报工作的通知${i}`}>
            关于开展年度教育科学规划课题申报工作的通知{i}
          </li>
        ))}
      </ul>
    );
    const html = await markupOf(tree);
    expect(html).not.toContain('\u0000');
    expect(html).toBe(renderToString(tree));
  });
});
