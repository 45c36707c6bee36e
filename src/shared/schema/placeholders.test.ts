import { fillPlaceholders, placeholderNames } from './placeholders.js';

describe('fillPlaceholders', () => {
  it('fills :id and :field from the row, URI-encoded', () => {
    expect(fillPlaceholders('/a/edit?id=:id&c=:category', { id: 'x 1', category: '2' })).toBe('/a/edit?id=x%201&c=2');
  });
  it('leaves a missing value empty rather than keeping the placeholder', () => {
    expect(fillPlaceholders('/a?id=:id', {})).toBe('/a?id=');
  });
  it('does not take the scheme of an absolute URL for a placeholder', () => {
    expect(fillPlaceholders('https://x.test/a/:id', { id: 7 })).toBe('https://x.test/a/7');
    expect(placeholderNames('https://x.test/:id?t=:topicId')).toEqual(['id', 'topicId']);
  });
});
