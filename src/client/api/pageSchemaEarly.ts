/**
 * A route's page schema asked for as the route opens (the shell), taken by the runtime's data
 * provider once the runtime has loaded: the schema's round trip then overlaps the runtime's
 * download instead of following it.
 */
import { peekEarly, startEarly, takeEarly } from './earlyCalls.js';
import { http } from './http.js';
import { session } from './session.js';

/**
 * Who asks is part of the question: the answer differs by user, role and sub-system (a page a role
 * may not read is refused), and a login or role switch can fall between the ask and the take.
 */
const keyOf = (id: string) =>
  JSON.stringify(['schema/page', session.token(), session.user()?.roleCode ?? null, session.subAct(), id]);

/**
 * The page says a refusal of its schema itself (the 403 page, 页面加载失败), so the call shows no
 * message of its own: one message per refusal. Its loading indicator stays.
 */
export const PAGE_SCHEMA_CALL = { silent: true, loading: true } as const;

export function askPageSchemaEarly(id: string): void {
  startEarly(keyOf(id), () => http.post('schema/page', { id }, PAGE_SCHEMA_CALL));
}

export function takePageSchema<T>(id: string): Promise<T> | undefined {
  return takeEarly<T>(keyOf(id));
}

/** The early answer, left for the runtime to take: the shell paints a page's banners from it (SchemaPageHost). */
export function peekPageSchema<T>(id: string): Promise<T> | undefined {
  return peekEarly<T>(keyOf(id));
}
