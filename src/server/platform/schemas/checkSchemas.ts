import path from 'node:path';
import type { ActionDef, EntityDef, PageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import { RuleCompileError, ruleToCond } from './ruleFilter.js';
import type { SchemaSet } from './SchemaSet.js';
import { escapePointer } from './metaValidation.js';
import { checkMetaSchemas } from './checkMetaSchemas.js';
import { ruleChecker } from './ruleChecker.js';
import { checkNavigation, routeChecks } from './checkNavigation.js';
import { checkCountSources } from './checkCountSources.js';
import { PAGE_KIND_CHECKS, type PageCheck, type PageKindCheck } from './pageKinds/index.js';
import { checkFieldTexts } from './checkFieldTexts.js';
import { checkConsistency } from './checkConsistency.js';
import { fieldKind, hasField, RESERVED_FIELD_NAMES } from './entityModel.js';

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
      if (t.notify) {
        // A notice names its people by the record's fields and opens a page that exists.
        (t.notify.to ?? []).forEach((f, j) => {
          for (const e of users)
            if (!hasField(e, f)) add(file, `${ptr}/notify/to/${j}`, `entity "${e.name}" has no field "${f}"`);
        });
        checkRoute(file, `${ptr}/notify/link`, t.notify.link);
      }
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
    (Array.isArray(e.requireOneOf) ? e.requireOneOf : []).forEach((g, i) =>
      (Array.isArray(g?.fields) ? g.fields : []).forEach((f, j) => {
        checkField(file, `/requireOneOf/${i}/fields/${j}`, e, f);
        if (e.fields?.[f]?.readOnly)
          add(file, `/requireOneOf/${i}/fields/${j}`, 'a readOnly field is set by the server, never given by a save');
      }),
    );
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
      checkRule(file, '/access/public/when', access.public.when, e, ['record', 'now', 'nowText']);
      try {
        ruleToCond(access.public.when, { now: 0, nowText: '' }, fieldKind(e));
      } catch (err) {
        if (err instanceof RuleCompileError)
          add(file, '/access/public/when', `public rules filter lists in the database: ${err.message}`);
      }
      (access.public.fields ?? []).forEach((f, i) => checkField(file, `/access/public/fields/${i}`, e, f));
    }
  }

  // Pages: each kind's own check (pageKinds/), after the file's place.
  const pageCheck: PageCheck = {
    set,
    add,
    routeExists,
    checkRoute,
    checkRule,
    checkField,
    checkWidget,
    checkActions,
    workflowOf,
  };
  for (const [id, page] of set.pages) {
    const file = fileOf(`pages/${id}`);
    const expectedId = path
      .relative(path.join(root, 'pages'), file)
      .split(path.sep)
      .join('/')
      .replace(/\.json$/, '');
    if (id !== expectedId) add(file, '/id', `id "${id}" must be the file's path under pages/: "${expectedId}"`);
    const check = Object.hasOwn(PAGE_KIND_CHECKS, page.kind)
      ? (PAGE_KIND_CHECKS[page.kind] as PageKindCheck)
      : undefined;
    check?.(file, page, pageCheck);
  }

  checkNavigation(set, fileOf, add, routes);

  for (const p of checkCountSources(set)) add(fileOf('settings'), p.path, p.message);
  for (const p of checkFieldTexts(set, fileOf)) add(p.file, p.path, p.message);
  for (const p of checkConsistency(set)) add(fileOf(p.key), p.path, p.message);
  return problems;
}
export type { PageDef };
