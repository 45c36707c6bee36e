import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { http } from '../api/http.js';
import bundled from '../../../schemas/routes.json';

/**
 * The route tree: served by the engine from schemas/routes.json (so an edited route needs no
 * rebuild); the copy built into the app is used when the server does not answer it.
 */
export async function loadRoutes(): Promise<LoadedRouteDef[]> {
  try {
    const answer = await http.post<{ routes?: LoadedRouteDef[] }>(
      'schema/routes',
      {},
      { silent: true, loading: false },
    );
    if (Array.isArray(answer?.routes) && answer.routes.length) return answer.routes;
  } catch {
    /* fall back to the built-in copy */
  }
  return (bundled as { routes: LoadedRouteDef[] }).routes;
}
