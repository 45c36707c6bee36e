/**
 * The app's API as the server answers a visitor, from a fixture data provider: what the server's
 * drawing asks through (AskServer) in the drawing's tests. The paths asked are kept in `asked`.
 */
import type { DataProvider } from '../../runtime/data/dataProvider.js';
import type { AskServer } from '../askingProvider.js';

export function fixtureAsk(provider: DataProvider, asked: string[] = []): AskServer {
  return async (path, body, params) => {
    asked.push(path);
    const b = (body ?? {}) as Record<string, unknown>;
    if (path === 'schema/page') return provider.getPage(String(b.id));
    if (path === 'home/getDicListByType') return provider.getDictionary(String(params?.type), true);
    const m = /^public\/([^/]+)\/(list|get)$/.exec(path);
    if (m?.[2] === 'list') return provider.getPublicList(m[1], b as never);
    if (m?.[2] === 'get') return provider.getPublicOne(m[1], String(b.id));
    throw new Error(`refused: ${path}`);
  };
}
