import { ApiError } from '../../api/ApiError.js';
import type { DataProvider } from './dataProvider.js';

/** What a write answers on a read-only provider. */
export const READ_ONLY_MESSAGE = '预览中不保存修改';

/**
 * The same provider with every record write refused before it reaches the server: a page drawn
 * for a look (the schema studio's preview) reads real records and changes none. The server still
 * decides what the user may do; this only keeps a preview from doing it.
 */
export function readOnlyProvider(inner: DataProvider): DataProvider {
  const refuse = () => Promise.reject(new ApiError(READ_ONLY_MESSAGE, 'envelope'));
  return { ...inner, save: refuse, remove: refuse, transition: refuse, importFile: refuse };
}
