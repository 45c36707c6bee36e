import path from 'node:path';
import type {
  ActionDef,
  EntityDef,
  FormPageDef,
  ListPageDef,
  DetailPageDef,
  PageDef,
  WorkflowDef,
} from '../../../shared/schema/types.js';
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import { RuleCompileError, ruleToCond } from './ruleFilter.js';
import type { SchemaSet } from './SchemaSet.js';
import { escapePointer } from './metaValidation.js';
import { checkMetaSchemas } from './checkMetaSchemas.js';
import { ruleChecker } from './ruleChecker.js';
import { checkNavigation, routeChecks } from './checkNavigation.js';
import { checkArticlePage, checkCountSources, checkDashboardPage, checkStatisticsPage } from './checkPageKinds.js';
import { checkFieldTexts } from './checkFieldTexts.js';
import { checkConsistency } from './checkConsistency.js';
import { fieldKind, hasField, RESERVED_FIELD_NAMES, statusCodes } from './entityModel.js';

export interface SchemaProblem {
  file: string;
  path: string;
  message: string;
}

/** The 17 dictionary types of SPEC §3; each must have a seed file. */
export const SPEC_DICTIONARY_TYPES = [
  'sjzt',
  'ycxg',
  'hyly',
  'hyzt',
  'areacode',
  'yhsq',
  'zjwd',
  'hdqx',
  'cgzjpsjd',
  'ktpfjd',
  'ktcxjb',
  'psjb',
  'psjd',
  'ktpsjb',
  'psgz',
  'zpjffs',
  'ssxx',
] as const;

/**
 * Checks every schema against its meta-schema and every cross reference: dictionary types, status
 * codes, fields, page ids, route paths, widgets, rules. Each problem names the file and the JSON
 * pointer of the offending value. An empty answer means the set is fit to serve.
 */
export function checkSchemas(set: SchemaSet): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const cwd = process.cwd();
  const show = (file: string) => (file.startsWith(`${cwd}${path.sep}`) ? path.relative(cwd, file) : file);
  const add = (file: string, pointer: string, message: string) =>
    problems.push({ file: show(file), path: pointer, message });

  const root = set.root;
  const fileOf = (key: string) => set.files.get(key) ?? path.join(root, `${key}.json`);

  checkMetaSchemas(set, fileOf, add);

  // ------------------------------------------------------------ cross references
  const routes = routeChecks(set, add);
  const { routeExists, checkRoute } = routes;
  const workflowOf = (e: EntityDef | undefined): WorkflowDef | undefined =>
    e?.workflow ? set.workflows.get(e.workflow) : undefined;
  const entitiesOfWorkflow = (name: string) => [...set.entities.values()].filter((e) => e.workflow === name);
  const checkRule = ruleChecker(set, add);

  const checkField = (file: string, pointer: string, entity: EntityDef, name: unknown, allowed?: Set<string>) => {
    if (typeof name !== 'string') return;
    if (!hasField(entity, name)) add(file, pointer, `unknown field "${name}" of entity "${entity.name}"`);
    else if (allowed && !allowed.has(name))
      add(file, pointer, `field "${name}" is not public (entity "${entity.name}" access.public.fields)`);
  };
  const checkWidget = (file: string, pointer: string, w: unknown) => {
    if (typeof w === 'string' && !(WIDGET_NAMES as readonly string[]).includes(w))
      add(file, pointer, `unknown widget "${w}" (known: ${WIDGET_NAMES.join(', ')})`);
  };
  const checkActions = (file: string, pointer: string, actions: ActionDef[] | undefined, entity: EntityDef) => {
    if (!Array.isArray(actions)) return;
    const wf = workflowOf(entity);
    actions.forEach((a, i) => {
      const ptr = `${pointer}/${i}`;
      if (!a || typeof a !== 'object') return;
      if (a.visible !== undefined)
        checkRule(file, `${ptr}/visible`, a.visible, entity, ['record', 'user', 'query', 'now', 'form']);
      if (a.type === 'link') checkRoute(file, `${ptr}/to`, a.to);
      if (a.type === 'transition') {
        if (!wf) add(file, `${ptr}/action`, `entity "${entity.name}" has no workflow`);
        else if (!wf.transitions.some((t) => t.action === a.action))
          add(file, `${ptr}/action`, `unknown transition "${a.action}" of workflow "${wf.name}"`);
        else if (wf.transitions.filter((t) => t.action === a.action).every((t) => t.actor === 'system'))
          add(file, `${ptr}/action`, `transition "${a.action}" is fired by the system only`);
      }
    });
  };
  const dummyCtx = {
    user: {
      userId: 0,
      username: '',
      realName: '',
      roleCode: '1',
      roles: ['1'],
      areaCode: '0000',
      orgName: '',
      isAdmin: true,
    },
    now: 0,
  };

  // Dictionaries: every SPEC type present; file name = type; values unique.
  for (const type of SPEC_DICTIONARY_TYPES) {
    if (!set.dictionaries.has(type))
      add(path.join(root, 'dictionaries', `${type}.json`), '', `dictionary type "${type}" (SPEC §3) is missing`);
  }
  for (const [type, d] of set.dictionaries) {
    const file = fileOf(`dictionaries/${type}`);
    if (path.basename(file, '.json') !== type) add(file, '/type', `type "${type}" must match the file name`);
    const seen = new Set<string>();
    (Array.isArray(d.options) ? d.options : []).forEach((o, i) => {
      if (seen.has(String(o?.value))) add(file, `/options/${i}/value`, `duplicate value "${o.value}"`);
      seen.add(String(o?.value));
    });
  }

  // Workflows: codes unique, every code named exists, rules sound.
  for (const [name, wf] of set.workflows) {
    const file = fileOf(`workflows/${name}`);
    if (path.basename(file, '.json') !== name) add(file, '/name', `name "${name}" must match the file name`);
    if (!Array.isArray(wf.statuses) || !Array.isArray(wf.transitions)) continue;
    const codes = new Set<string>();
    wf.statuses.forEach((s, i) => {
      if (codes.has(s.code)) add(file, `/statuses/${i}/code`, `duplicate status code "${s.code}"`);
      codes.add(s.code);
    });
    if (!codes.has(wf.initial)) add(file, '/initial', `unknown status code "${wf.initial}"`);
    const users = entitiesOfWorkflow(name);
    for (const e of users) {
      if (!hasField(e, wf.field)) add(file, '/field', `entity "${e.name}" has no field "${wf.field}"`);
      if (wf.stageField && !hasField(e, wf.stageField))
        add(file, '/stageField', `entity "${e.name}" has no field "${wf.stageField}"`);
    }
    wf.transitions.forEach((t, i) => {
      const ptr = `/transitions/${i}`;
      (Array.isArray(t.from) ? t.from : []).forEach((c, j) => {
        if (!codes.has(c)) add(file, `${ptr}/from/${j}`, `unknown status code "${c}"`);
      });
      if (typeof t.to === 'string' && !codes.has(t.to)) add(file, `${ptr}/to`, `unknown status code "${t.to}"`);
      for (const [src, dst] of Object.entries(t.toByFrom ?? {})) {
        if (!t.from?.includes(src)) add(file, `${ptr}/toByFrom/${escapePointer(src)}`, `"${src}" is not in from`);
        if (!codes.has(dst)) add(file, `${ptr}/toByFrom/${escapePointer(src)}`, `unknown status code "${dst}"`);
      }
      if (t.actor === 'system' && t.roles?.length) add(file, `${ptr}/roles`, 'a system transition takes no roles');
      if (t.actor !== 'system' && Array.isArray(t.roles) && t.roles.length === 0)
        add(file, `${ptr}/roles`, 'name the roles that may fire it (or actor "system")');
      const sets = Object.keys(t.set ?? {});
      for (const e of users)
        for (const f of sets)
          if (!hasField(e, f)) add(file, `${ptr}/set/${f}`, `entity "${e.name}" has no field "${f}"`);
      (t.requires ?? []).forEach((f, j) => {
        for (const e of users)
          if (!hasField(e, f)) add(file, `${ptr}/requires/${j}`, `entity "${e.name}" has no field "${f}"`);
      });
      for (const [f, r] of Object.entries(t.set ?? {}))
        checkRule(file, `${ptr}/set/${f}`, r, users[0], ['record', 'user', 'now', 'comment']);
      if (t.when !== undefined) {
        if (users.length) for (const e of users) checkRule(file, `${ptr}/when`, t.when, e, ['record', 'user', 'now']);
        else checkRule(file, `${ptr}/when`, t.when, undefined, ['record', 'user', 'now']);
      }
    });
    for (const [action, g] of Object.entries(wf.guards ?? {})) {
      const ptr = `/guards/${escapePointer(action)}/rule`;
      if (!wf.transitions.some((t) => t.action === action))
        add(file, `/guards/${escapePointer(action)}`, `no transition has the action "${action}"`);
      for (const e of users.length ? users : [undefined])
        checkRule(file, ptr, g.rule, e, ['record', 'user', 'now', 'facts', 'item']);
    }
    // Several transitions sharing an action must agree on who may fire it, or _perm would mislead.
  }

  // Entities.
  for (const [name, e] of set.entities) {
    const file = fileOf(`entities/${name}`);
    if (path.basename(file, '.json') !== name) add(file, '/name', `name "${name}" must match the file name`);
    if (!e.fields || typeof e.fields !== 'object') continue;
    if (e.workflow && !set.workflows.has(e.workflow)) add(file, '/workflow', `unknown workflow "${e.workflow}"`);
    if (e.titleField) checkField(file, '/titleField', e, e.titleField);
    if (e.sort) checkField(file, '/sort/field', e, e.sort.field);
    for (const [fname, f] of Object.entries(e.fields)) {
      const ptr = `/fields/${fname}`;
      if (RESERVED_FIELD_NAMES.includes(fname)) add(file, ptr, `"${fname}" is a reserved name`);
      if (!f || typeof f !== 'object') continue;
      if (f.dict && !set.dictionaries.has(f.dict)) add(file, `${ptr}/dict`, `unknown dictionary type "${f.dict}"`);
      if (f.pattern) {
        try {
          new RegExp(f.pattern, 'u');
        } catch {
          add(file, `${ptr}/pattern`, 'not a valid regular expression');
        }
      }
      if (f.init !== undefined) {
        if (!f.readOnly) add(file, `${ptr}/init`, 'init is for readOnly fields (the server sets them)');
        checkRule(file, `${ptr}/init`, f.init, e, ['user', 'now']);
      }
      if ((f.accept || f.maxCount !== undefined || f.maxSize !== undefined) && f.type !== 'files')
        add(file, ptr, 'accept, maxCount and maxSize are for files fields');
      if (f.multiple && !f.dict) add(file, `${ptr}/multiple`, 'multiple is for dictionary fields');
    }
    (e.unique ?? []).forEach((u, i) => {
      [...(u.fields ?? []), ...(u.field ? [u.field] : [])].forEach((f, j) =>
        checkField(file, `/unique/${i}/fields/${j}`, e, f),
      );
      if (u.among === undefined) return;
      checkRule(file, `/unique/${i}/among`, u.among, e, ['record', 'now']);
      try {
        ruleToCond(u.among, { now: 0 }, fieldKind(e));
      } catch (err) {
        if (err instanceof RuleCompileError) add(file, `/unique/${i}/among`, err.message);
      }
    });
    const access = e.access;
    if (!access) continue;
    for (const right of ['read', 'create', 'update', 'delete'] as const) {
      (Array.isArray(access[right]) ? access[right] : []).forEach((rule, i) => {
        if (rule?.when === undefined) return;
        const ptr = `/access/${right}/${i}/when`;
        checkRule(file, ptr, rule.when, e, ['record', 'user', 'now']);
        if (right === 'read') {
          try {
            ruleToCond(rule.when, dummyCtx, fieldKind(e));
          } catch (err) {
            if (err instanceof RuleCompileError)
              add(file, ptr, `read rules filter lists in the database: ${err.message}`);
          }
        }
      });
    }
    if (access.public) {
      checkRule(file, '/access/public/when', access.public.when, e, ['record', 'now']);
      try {
        ruleToCond(access.public.when, { now: 0 }, fieldKind(e));
      } catch (err) {
        if (err instanceof RuleCompileError)
          add(file, '/access/public/when', `public rules filter lists in the database: ${err.message}`);
      }
      (access.public.fields ?? []).forEach((f, i) => checkField(file, `/access/public/fields/${i}`, e, f));
    }
  }

  // Pages.
  for (const [id, page] of set.pages) {
    const file = fileOf(`pages/${id}`);
    const expectedId = path
      .relative(path.join(root, 'pages'), file)
      .split(path.sep)
      .join('/')
      .replace(/\.json$/, '');
    if (id !== expectedId) add(file, '/id', `id "${id}" must be the file's path under pages/: "${expectedId}"`);
    if (page.kind === 'dashboard') {
      for (const p of checkDashboardPage(set, page, routeExists)) add(file, p.path, p.message);
      continue;
    }
    if (page.kind === 'lookup' || page.kind === 'studio') continue;
    if (page.kind === 'statistics') {
      for (const p of checkStatisticsPage(set, page)) add(file, p.path, p.message);
      continue;
    }
    const entity = set.entities.get(page.entity);
    if (!entity) {
      add(file, '/entity', `unknown entity "${page.entity}"`);
      continue;
    }
    if (!entity.fields) continue;
    const isPublic = (page as { source?: string }).source === 'public';
    let publicFields: Set<string> | undefined;
    if (isPublic) {
      if (!entity.access?.public) add(file, '/source', `entity "${entity.name}" has no access.public`);
      else publicFields = new Set(['id', ...entity.access.public.fields]);
    }
    const roots = ['record', 'form', 'user', 'query', 'now'];
    if (page.kind === 'article') {
      for (const p of checkArticlePage(page, entity)) add(file, p.path, p.message);
      continue;
    }
    if (page.kind === 'allocation' || page.kind === 'progress' || page.kind === 'ranking') {
      checkRoute(file, '/back', page.back);
      if (page.kind === 'progress') checkRoute(file, '/taskTo', page.taskTo?.split('?')[0]);
      if (page.kind === 'ranking' && page.decide && !set.dictionaries.has(page.decide.dict))
        add(file, '/decide/dict', `unknown dictionary type "${page.decide.dict}"`);
      continue;
    }
    if (page.kind === 'list') checkListPage(file, page, entity, publicFields);
    else if (page.kind === 'form') checkFormPage(file, page, entity, publicFields);
    else if (page.kind === 'detail') checkDetailPage(file, page, entity);

    function checkListPage(f: string, p: ListPageDef, e: EntityDef, pub?: Set<string>) {
      const wf = workflowOf(e);
      for (const [k, v] of Object.entries(p.where ?? {})) {
        checkField(f, `/where/${k}`, e, k, pub);
        if (wf && k === wf.field) {
          const codes = statusCodes(wf);
          const values = Array.isArray(v)
            ? v.map((x, i) => [x, `/where/${k}/${i}`] as const)
            : [[v, `/where/${k}`] as const];
          for (const [x, ptr] of values)
            if (!codes.has(String(x))) add(f, ptr, `unknown status code "${x}" of workflow "${wf.name}"`);
        }
      }
      (p.filters ?? []).forEach((flt, i) => {
        checkField(f, `/filters/${i}/field`, e, flt.field, pub);
        checkWidget(f, `/filters/${i}/widget`, flt.widget);
      });
      (Array.isArray(p.columns) ? p.columns : []).forEach((c, i) => {
        checkField(f, `/columns/${i}/field`, e, c.field, pub);
        if (c.render === 'link' && !c.to) add(f, `/columns/${i}/to`, 'a link column needs "to"');
        if (c.to) checkRoute(f, `/columns/${i}/to`, c.to);
      });
      if (p.sort) checkField(f, '/sort/field', e, p.sort.field, pub);
      if (p.more) checkRoute(f, '/more', p.more);
      checkActions(f, '/toolbar', p.toolbar, e);
      checkActions(f, '/rowActions', p.rowActions, e);
      checkActions(f, '/batchActions', p.batchActions, e);
      if (pub) {
        for (const key of ['toolbar', 'rowActions', 'batchActions'] as const) {
          (p[key] ?? []).forEach((a, i) => {
            if (a.type !== 'link') add(f, `/${key}/${i}`, 'a public list offers links only');
          });
        }
      }
    }

    function checkFormPage(f: string, p: FormPageDef, e: EntityDef, pub?: Set<string>) {
      const sections = p.sections
        ? p.sections.map((s, i) => [s, `/sections/${i}`] as const)
        : (p.steps ?? []).flatMap((st, si) =>
            (st.sections ?? []).map((s, i) => [s, `/steps/${si}/sections/${i}`] as const),
          );
      for (const [s, sp] of sections) {
        if (s.visible !== undefined) checkRule(f, `${sp}/visible`, s.visible, e, roots);
        (Array.isArray(s.fields) ? s.fields : []).forEach((ff, i) => {
          const ptr = `${sp}/fields/${i}`;
          checkField(f, `${ptr}/field`, e, ff.field, pub);
          checkWidget(f, `${ptr}/widget`, ff.widget);
          for (const k of ['visible', 'required', 'disabled'] as const)
            if (ff[k] !== undefined) checkRule(f, `${ptr}/${k}`, ff[k], e, roots);
        });
      }
      if (p.afterSave) checkRoute(f, '/afterSave', p.afterSave);
      if (p.submitAction) {
        const wf = workflowOf(e);
        if (!wf) add(f, '/submitAction/action', `entity "${e.name}" has no workflow`);
        else if (!wf.transitions.some((t) => t.action === p.submitAction!.action))
          add(f, '/submitAction/action', `unknown transition "${p.submitAction.action}" of workflow "${wf.name}"`);
      }
    }

    function checkDetailPage(f: string, p: DetailPageDef, e: EntityDef) {
      (Array.isArray(p.tabs) ? p.tabs : []).forEach((t, i) => {
        if (t.type === 'form' || t.type === 'list') {
          if (!t.page) add(f, `/tabs/${i}/page`, `a ${t.type} tab needs "page"`);
          else if (!set.pages.has(t.page)) add(f, `/tabs/${i}/page`, `unknown page "${t.page}"`);
          else if (set.pages.get(t.page)!.kind !== t.type)
            add(f, `/tabs/${i}/page`, `page "${t.page}" is not a ${t.type} page`);
          else if (t.type === 'list') {
            const listEntity = set.entities.get((set.pages.get(t.page) as ListPageDef).entity);
            if (listEntity)
              for (const k of Object.keys(t.params ?? {})) checkField(f, `/tabs/${i}/params/${k}`, listEntity, k);
          }
        }
        if (t.visible !== undefined) checkRule(f, `/tabs/${i}/visible`, t.visible, e, roots);
      });
      checkActions(f, '/actions', p.actions, e);
    }
  }

  checkNavigation(set, fileOf, add, routes);

  for (const p of checkCountSources(set)) add(fileOf('settings'), p.path, p.message);
  for (const p of checkFieldTexts(set, fileOf)) add(p.file, p.path, p.message);
  for (const p of checkConsistency(set)) add(fileOf(p.key), p.path, p.message);
  return problems;
}
export type { PageDef };
