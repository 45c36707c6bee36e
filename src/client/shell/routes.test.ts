import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/schema/types.js';
import { RouteIndex, routeKind } from './routeTree.js';
import { SHELL_COMPONENTS } from './componentNames.js';

const root = path.resolve(import.meta.dirname, '../../..');
const doc = JSON.parse(fs.readFileSync(path.join(root, 'schemas/routes.json'), 'utf8')) as {
  $schema: string;
  routes: RouteDef[];
};
const index = new RouteIndex(doc.routes);

function pageFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? pageFiles(path.join(dir, e.name)) : e.name.endsWith('.json') ? [path.join(dir, e.name)] : [],
    );
}
const pages = new Map<string, any>(
  pageFiles(path.join(root, 'schemas/pages')).map((f) => {
    const p = JSON.parse(fs.readFileSync(f, 'utf8'));
    return [p.id, p];
  }),
);

/** Every route SPEC §2 names. */
const SPEC_PATHS = [
  '/homePage',
  '/signUp/signUp',
  '/projectManagement',
  '/projectManagement/declarationGuidelines',
  ...['projectApplication', 'addGuidelines', 'editGuidelines', 'declareGuidelines', 'lookGuidelines'].map(
    (p) => `/projectManagement/declarationGuidelines/${p}`,
  ),
  '/projectManagement/projectList',
  '/projectManagement/subjectStatistics',
  ...[
    'addMidTerm',
    'editMidTerm',
    'addConclusionUpload',
    'editConclusionUpload',
    'addFileAll',
    'addFileAllcg',
    'editFileAll',
  ].map((p) => `/projectManagement/projectList/${p}/index`),
  ...['projectDetail', 'declareGuidelinesChange', 'operateDetail', 'changeDetail'].map(
    (p) => `/projectManagement/projectList/${p}`,
  ),
  '/projectManagement/changeList',
  '/projectManagement/changeList/create',
  '/projectManagement/changeList/detail',
  '/reviewManagement',
  ...[
    'setting',
    'setting/subject',
    'setting/viewreview',
    'setting/editPage',
    'setting/addPage',
    'setting/lookPage',
    'setting/detail',
    'expert',
    'expert/addPage',
    'expert/editPage',
    'expert/lookPage',
    'list',
    'list/editPage',
    'list/viewPage',
    'list/lookPage',
  ].map((p) => `/reviewManagement/${p}`),
  '/meetingManagement',
  '/meetingManagement/addMeeting',
  '/meetingManagement/editMeeting',
  '/meetingManagement/meetingDetail',
  '/informationManagement',
  ...['announcement', 'activityDynamics', 'activityReports', 'relatedDownloads', 'rules'].flatMap((k) => {
    const cap = k[0].toUpperCase() + k.slice(1);
    return [k, `${k}/add${cap}`, `${k}/edit${cap}`, `${k}/look${cap}`].map((p) => `/informationManagement/${p}`);
  }),
  '/expertQuetion',
  '/expertQuetion/addExpertQuetion',
  '/expertQuetion/lookExpertQuetion',
  ...['roleUserManagement', 'roleUserManagement/lookUser', 'baseInfoUpkeep', 'funcModulePre', 'schoolManage'].map(
    (p) => `/systemManagement/${p}`,
  ),
  ...[
    'notificateList',
    'notificateList/add',
    'notificateList/edit',
    'notificateList/detail',
    'notificateList/detail/upload',
    'resultList',
    'resultList/look',
    'resultList/upload',
    'resultList/repeatUpload',
    'setting',
    'setting/addPage',
    'setting/editPage',
    'setting/editPage/subject',
    'setting/detail',
    'reviewList',
    'reviewList/editPage',
    'reviewList/resultView',
    'reviewList/lookPage',
  ].map((p) => `/resultsManagement/${p}`),
  '/systemSet/addSubSystem',
  '/403',
  '/500',
];

describe('schemas/routes.json', () => {
  it('declares its meta-schema', () => expect(doc.$schema).toBe('./meta/routes.schema.json'));

  it('holds every route of SPEC §2', () => {
    const missing = SPEC_PATHS.filter((p) => !index.match(p));
    expect(missing).toEqual([]);
  });

  it('declares each path once, as a full path under its parent', () => {
    const seen = new Set<string>();
    for (const e of index.entries) {
      expect(seen.has(e.path), e.path).toBe(false);
      seen.add(e.path);
      const parent = e.chain.at(-2);
      if (parent && parent.path !== '/') expect(e.path.startsWith(`${parent.path}/`), e.path).toBe(true);
    }
  });

  // A form route without a mode adds, or edits the record its ?id= names (a request's create page).
  it('points every page route at a page schema that exists', () => {
    for (const e of index.entries) {
      if (!e.def.page) continue;
      const page = pages.get(e.def.page);
      expect(page, `${e.path} → ${e.def.page}`).toBeDefined();
      // A public route shows a public page, or a visitor's form (sign-up).
      if (e.def.public && !page.publicSubmit)
        expect(page.source, `${e.path} is public, so ${e.def.page} must be`).toBe('public');
    }
  });

  it('names only hand-written screens the shell has', () => {
    for (const e of index.entries) if (e.def.component) expect(SHELL_COMPONENTS, e.path).toContain(e.def.component);
  });

  it('makes the public pages public and everything else private', () => {
    const pub = index.entries
      .filter((e) => e.def.public)
      .map((e) => e.path)
      .sort();
    expect(pub).toEqual([
      '/',
      '/403',
      '/500',
      '/activityDynamics',
      '/activityDynamics/lookActivityDynamics',
      '/applicationGuide',
      '/applicationNotices',
      '/applicationNotices/look',
      '/approvedTopics',
      '/approvedTopics/look',
      '/concludedTopics',
      '/concludedTopics/look',
      '/expertFaq',
      '/expertFaq/lookFaq',
      '/homePage',
      '/noticeAnnouncement',
      '/noticeAnnouncement/lookAnnouncement',
      '/relatedDownloads',
      '/relatedDownloads/lookRelatedDownloads',
      '/rulesRegulations',
      '/rulesRegulations/lookRules',
      '/signUp',
      '/signUp/signUp',
      '/verify',
    ]);
  });

  it("offers the certificate check in the visitors' navigation", () => {
    const verify = index.entries.find((e) => e.path === '/verify');
    expect(verify?.chain.length).toBe(1);
    expect(verify?.def.hidden).toBeFalsy();
  });

  it('hides the header of the project detail page only', () => {
    expect(index.entries.filter((e) => e.def.hideHeader).map((e) => e.path)).toEqual([
      '/projectManagement/projectList/projectDetail',
    ]);
  });

  it('has a route for every link the page schemas make', () => {
    const links: string[] = [];
    for (const page of pages.values()) {
      const walk = (v: unknown) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            if ((k === 'to' || k === 'more' || k === 'afterSave') && typeof x === 'string' && x.startsWith('/'))
              links.push(x);
            else walk(x);
          }
        }
      };
      walk(page);
    }
    const broken = [...new Set(links)].filter((l) => !index.match(l.split('?')[0]));
    expect(broken).toEqual([]);
  });

  it('gives every section something to open or leaves it to the fallback page', () => {
    for (const e of index.entries)
      expect(['redirect', 'page', 'component', 'section', 'missing']).toContain(routeKind(e.def).kind);
  });
});
