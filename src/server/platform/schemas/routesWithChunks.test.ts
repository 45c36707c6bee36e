import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadedRouteDef } from '../../../shared/schema/types.js';
import { loadSchemas } from './loadSchemas.js';
import { flattenRoutes } from './routePaths.js';
import { routesWithChunks } from './routesWithChunks.js';

const schemas = loadSchemas(path.resolve('schemas'));

function byPath(routes: LoadedRouteDef[]): Map<string, LoadedRouteDef> {
  return new Map(flattenRoutes(routes).map((r) => [r.full, r.route]));
}

describe('routesWithChunks', () => {
  const routes = byPath(routesWithChunks(schemas.routes, schemas.pages));

  it('names the chunk of each page route from its schema', () => {
    expect(routes.get('/projectManagement/projectList')?.pageChunk).toBe('list');
    expect(routes.get('/informationManagement/announcement/addAnnouncement')?.pageChunk).toBe('form');
    expect(routes.get('/projectManagement/projectList/projectDetail')?.pageChunk).toBe(
      schemas.pages.get('topics/topic.detail')?.kind,
    );
  });

  it('names none for sections, and home (a page schema now) its kind', () => {
    expect(routes.get('/homePage')?.pageChunk).toBe('dashboard');
    expect(routes.get('/projectManagement')?.pageChunk).toBeUndefined();
  });

  it('every page route has one unless its page is a compact list', () => {
    for (const { route } of flattenRoutes(routesWithChunks(schemas.routes, schemas.pages))) {
      if (!route.page) continue;
      const page = schemas.pages.get(route.page)!;
      if (page.kind !== 'list') expect(route.pageChunk, route.path).toBe(page.kind);
    }
  });

  it('leaves the loaded tree as it is and works it out once', () => {
    const answer = routesWithChunks(schemas.routes, schemas.pages);
    expect(routesWithChunks(schemas.routes, schemas.pages)).toBe(answer);
    expect(flattenRoutes(schemas.routes).some(({ route }) => 'pageChunk' in route)).toBe(false);
  });
});
