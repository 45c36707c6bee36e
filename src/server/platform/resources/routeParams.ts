import { MAX_ID, MAX_PAGE } from '../http/inputGuard.js';
import { MAX_PAGE_SIZE } from './ResourceService.js';

/** Schema parts of the resource calls' parameters, shared by their POST and GET forms. */
export const entityParams = {
  type: 'object',
  properties: { entity: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 48 } },
  required: ['entity'],
} as const;

export const subAct = { type: 'string', maxLength: 8 } as const;
// Ids fit the id column (PostgreSQL integer); a bigger one is 参数不合法, not a database error.
export const idValue = {
  anyOf: [
    { type: 'integer', minimum: 1, maximum: MAX_ID },
    { type: 'string', pattern: '^[0-9]{1,10}$' },
  ],
} as const;

/** Which list page and which of its pages: the same in a list's POST body and its GET query. */
export const listPaging = {
  subAct,
  pageId: { type: 'string', maxLength: 200 },
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
} as const;
