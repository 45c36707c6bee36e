import type { FastifyRequest } from 'fastify';
import { isApiPath } from './apiPath.js';

/**
 * Page addresses the input checks refused (a NUL or a broken character in the path or the query):
 * a browser asked for a page there, so the answer is the site's 404 page (web/webApp.ts), which
 * names no page, rather than the API's envelope, which a browser would show as raw JSON.
 */
const refused = new WeakSet<FastifyRequest>();

/** An address outside the API, asked for as a page (GET or HEAD). */
export function isPageAddress(request: FastifyRequest): boolean {
  const read = request.method === 'GET' || request.method === 'HEAD';
  return read && !isApiPath(request.url.split('?')[0]);
}

export function markRefusedAddress(request: FastifyRequest): void {
  refused.add(request);
}

export function isRefusedAddress(request: FastifyRequest): boolean {
  return refused.has(request);
}
