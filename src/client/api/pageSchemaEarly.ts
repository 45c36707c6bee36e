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

export function askPageSchemaEarly(id: string): void {
  startEarly(keyOf(id), () => http.post('schema/page', { id }));
}

export function takePageSchema<T>(id: string): Promise<T> | undefined {
  return takeEarly<T>(keyOf(id));
}

/** The early answer, left for the runtime to take: the shell paints a page's banners from it (SchemaPageHost). */
export function peekPageSchema<T>(id: string): Promise<T> | undefined {
  return peekEarly<T>(keyOf(id));
}
