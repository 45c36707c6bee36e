import type { EntityDef, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { placeholderNames } from '../../../shared/schema/placeholders.js';
import { escapePointer } from './metaValidation.js';
import { checkStorage } from './checkStorage.js';
import { hasField, statusCodes } from './entityModel.js';
import type { SchemaSet } from './SchemaSet.js';

export interface ConsistencyProblem {
  key: string;
  path: string;
  message: string;
}

/**
 * What the meta-schemas cannot say and the cross-reference checks did not reach: constraints that
 * contradict each other (minimum above maximum, minLength above maxLength, a required field a form
 * never shows), names written inside strings (the `:field` placeholders of record links), the
 * entity names of form lookups and widget props, and the names in the change-kind and review-target
 * documents. `key` is the schema's key in set.files.
 */
export function checkConsistency(set: SchemaSet): ConsistencyProblem[] {
  const out: ConsistencyProblem[] = [];
  const add = (key: string, path: string, message: string) => out.push({ key, path, message });
  const workflowOf = (e: EntityDef | undefined): WorkflowDef | undefined =>
    e?.workflow ? set.workflows.get(e.workflow) : undefined;

  // ------------------------------------------------------------ contradictory field constraints
  const checkFields = (key: string, base: string, fields: Record<string, FieldDef> | undefined) => {
    for (const [name, f] of Object.entries(fields ?? {})) {
      const ptr = `${base}/${escapePointer(name)}`;
      const pairs: [string, string][] = [
        ['minLength', 'maxLength'],
        ['minimum', 'maximum'],
        ['minItems', 'maxItems'],
        ['minCount', 'maxCount'],
      ];
      for (const [lo, hi] of pairs) {
        const a = (f as unknown as Record<string, unknown>)[lo];
        const b = (f as unknown as Record<string, unknown>)[hi];
        if (typeof a === 'number' && typeof b === 'number' && a > b)
          add(key, `${ptr}/${lo}`, `${lo} ${a} is above ${hi} ${b}: no value can pass`);
      }
      const rows = (f as { rows?: { fields?: Record<string, FieldDef> } }).rows;
      if (rows?.fields) checkFields(key, `${ptr}/rows/fields`, rows.fields);
    }
  };
  for (const [name, e] of set.entities) {
    checkFields(`entities/${name}`, '/fields', e.fields);
    for (const p of checkStorage(e)) add(`entities/${name}`, p.path, p.message);
    // The order within a sort reads a stored field of the entity; a fixed table says it with storage.then.
    (e.sortThen ?? []).forEach((s, i) => {
      if (e.storage) add(`entities/${name}`, `/sortThen`, 'a fixed storage orders its rows with storage.then');
      else if (!e.fields[s.field] || e.fields[s.field].writeOnly)
        add(`entities/${name}`, `/sortThen/${i}/field`, `the entity has no stored field "${s.field}"`);
    });
    // A write-only value is never kept: nothing can show it (readOnly) or find it missing on an edit (required).
    for (const [f, def] of Object.entries(e.fields ?? {}))
      if (def.writeOnly && (def.readOnly || def.required))
        add(`entities/${name}`, `/fields/${f}/writeOnly`, 'a write-only field is neither readOnly nor required');
    for (const [at, message] of maskProblems(e)) add(`entities/${name}`, at, message);
    for (const [at, message] of requiredWhenProblems(e)) add(`entities/${name}`, at, message);
  }

  // ------------------------------------------------------------ pages: forms, lookups, link templates
  for (const [id, page] of set.pages) {
    const key = `pages/${id}`;
    const p = page as unknown as Record<string, any>;
    const entity = typeof p.entity === 'string' ? set.entities.get(p.entity) : undefined;
    const initial = new Set(Object.keys((p.initialValues as object | undefined) ?? {}));

    const formFields: [any, string][] = [];
    (p.sections ?? []).forEach((s: any, i: number) =>
      (s?.fields ?? []).forEach((f: any, j: number) => formFields.push([f, `/sections/${i}/fields/${j}`])),
    );
    (p.steps ?? []).forEach((st: any, k: number) =>
      (st?.sections ?? []).forEach((s: any, i: number) =>
        (s?.fields ?? []).forEach((f: any, j: number) => formFields.push([f, `/steps/${k}/sections/${i}/fields/${j}`])),
      ),
    );
    for (const [f, ptr] of formFields) {
      if (!f || typeof f.field !== 'string') continue;
      const required = f.required === true || (entity?.fields[f.field] as FieldDef | undefined)?.required === true;
      const neverShown = f.visible === false;
      const hiddenUnfilled = f.hidden === true && f.required === true && !initial.has(f.field);
      if (required && neverShown)
        add(key, `${ptr}/visible`, `field "${f.field}" is required but never shown: nobody can fill it`);
      else if (hiddenUnfilled)
        add(
          key,
          `${ptr}/hidden`,
          `field "${f.field}" is required but hidden and not in initialValues: nobody can fill it`,
        );
      if (f.readOnly === true && f.required === true && !initial.has(f.field))
        add(key, `${ptr}/readOnly`, `field "${f.field}" is required here but read-only on this page`);
      // A record picker's props name another entity and fields of it.
      const propEntity = f.props?.entity;
      const picked = typeof propEntity === 'string' ? set.entities.get(propEntity) : undefined;
      if (typeof propEntity === 'string' && !picked) add(key, `${ptr}/props/entity`, `unknown entity "${propEntity}"`);
      if (picked) {
        if (typeof f.props.labelField === 'string' && !hasField(picked, f.props.labelField))
          add(key, `${ptr}/props/labelField`, `unknown field "${f.props.labelField}" of entity "${picked.name}"`);
        (Array.isArray(f.props.filters) ? f.props.filters : []).forEach((x: any, j: number) => {
          if (typeof x?.field === 'string' && !hasField(picked, x.field))
            add(key, `${ptr}/props/filters/${j}/field`, `unknown field "${x.field}" of entity "${picked.name}"`);
        });
      }
    }
    (p.lookups ?? []).forEach((l: any, i: number) => {
      if (entity && typeof l?.field === 'string' && !hasField(entity, l.field))
        add(key, `/lookups/${i}/field`, `unknown field "${l.field}" of entity "${entity.name}"`);
      const other = typeof l?.entity === 'string' ? set.entities.get(l.entity) : undefined;
      if (typeof l?.entity === 'string' && !other) {
        add(key, `/lookups/${i}/entity`, `unknown entity "${l.entity}"`);
        return;
      }
      for (const part of ['copy', 'fillEmpty']) {
        for (const [mine, theirs] of Object.entries((l?.[part] as Record<string, string> | undefined) ?? {})) {
          if (entity && !hasField(entity, mine))
            add(
              key,
              `/lookups/${i}/${part}/${escapePointer(mine)}`,
              `unknown field "${mine}" of entity "${entity.name}"`,
            );
          if (other && typeof theirs === 'string' && !hasField(other, theirs))
            add(
              key,
              `/lookups/${i}/${part}/${escapePointer(mine)}`,
              `unknown field "${theirs}" of entity "${other.name}"`,
            );
        }
      }
    });
    if (!entity) continue;
    // Links filled from the record they act on: columns and row actions of lists, a record's actions.
    const templates: [unknown, string][] = [];
    (p.columns ?? []).forEach((c: any, i: number) => templates.push([c?.to, `/columns/${i}/to`]));
    const recordActions = p.kind === 'list' ? p.rowActions : p.kind === 'detail' ? p.actions : undefined;
    (recordActions ?? []).forEach((a: any, i: number) => {
      const base = p.kind === 'list' ? `/rowActions/${i}` : `/actions/${i}`;
      templates.push([a?.to, `${base}/to`], [a?.url, `${base}/url`]);
    });
    for (const [t, ptr] of templates) {
      if (typeof t !== 'string') continue;
      for (const name of placeholderNames(t)) {
        if (!hasField(entity, name)) add(key, ptr, `placeholder ":${name}" names no field of entity "${entity.name}"`);
      }
    }
  }

  // ------------------------------------------------------------ a workflow's entity (informative, but a name all the same)
  for (const [name, wf] of set.workflows) {
    const e = (wf as { entity?: unknown }).entity;
    if (typeof e === 'string' && !set.entities.has(e)) add(`workflows/${name}`, '/entity', `unknown entity "${e}"`);
  }

  // ------------------------------------------------------------ topicChangeKinds.json
  const kindsDoc = set.documents.get('topicChangeKinds') as Record<string, any> | undefined;
  if (kindsDoc) {
    const key = 'topicChangeKinds';
    const target = set.entities.get(kindsDoc.target);
    const request = set.entities.get(kindsDoc.request);
    if (!target) add(key, '/target', `unknown entity "${kindsDoc.target}"`);
    if (!request) add(key, '/request', `unknown entity "${kindsDoc.request}"`);
    const targetFlow = workflowOf(target);
    const requestFlow = workflowOf(request);
    const codesOf = (wf: WorkflowDef | undefined) => (wf ? statusCodes(wf) : undefined);
    const statusList = (field: string, wf: WorkflowDef | undefined) =>
      (kindsDoc[field] ?? []).forEach((s: unknown, i: number) => {
        const codes = codesOf(wf);
        if (codes && !codes.has(String(s)))
          add(key, `/${field}/${i}`, `unknown status code "${s}" of workflow "${wf!.name}"`);
      });
    statusList('targetStatuses', targetFlow);
    statusList('openStatuses', requestFlow);
    if (request && typeof kindsDoc.kindsField === 'string' && !hasField(request, kindsDoc.kindsField))
      add(key, '/kindsField', `unknown field "${kindsDoc.kindsField}" of entity "${request.name}"`);
    for (const a of ['submitAction', 'applyAction']) {
      if (
        requestFlow &&
        typeof kindsDoc[a] === 'string' &&
        !requestFlow.transitions.some((t) => t.action === kindsDoc[a])
      )
        add(key, `/${a}`, `unknown transition "${kindsDoc[a]}" of workflow "${requestFlow.name}"`);
    }
    for (const [code, k] of Object.entries((kindsDoc.kinds as Record<string, any> | undefined) ?? {})) {
      (k?.fields ?? []).forEach((f: string, j: number) => {
        if (target && !hasField(target, f))
          add(key, `/kinds/${escapePointer(code)}/fields/${j}`, `unknown field "${f}" of entity "${target.name}"`);
      });
      if (
        typeof k?.transition === 'string' &&
        targetFlow &&
        !targetFlow.transitions.some((t) => t.action === k.transition)
      ) {
        add(
          key,
          `/kinds/${escapePointer(code)}/transition`,
          `unknown transition "${k.transition}" of workflow "${targetFlow.name}"`,
        );
      }
    }
  }

  // ------------------------------------------------------------ reviewTargets.json
  const targetsDoc = set.documents.get('reviewTargets') as
    { targets?: Record<string, Record<string, any>> } | undefined;
  for (const [name, t] of Object.entries(targetsDoc?.targets ?? {})) {
    const key = 'reviewTargets';
    const base = `/targets/${escapePointer(name)}`;
    const entity = set.entities.get(name);
    if (!entity) {
      add(key, base, `unknown entity "${name}"`);
      continue;
    }
    const field = (ptr: string, f: unknown) => {
      if (typeof f === 'string' && !hasField(entity, f)) add(key, ptr, `unknown field "${f}" of entity "${name}"`);
    };
    for (const k of ['nameField', 'unitField', 'areaField', 'subjectField', 'membersField', 'resultField'])
      field(`${base}/${k}`, t[k]);
    for (const k of ['documentFields', 'shownFields', 'blindDocumentFields'])
      (t[k] ?? []).forEach((f: unknown, i: number) => field(`${base}/${k}/${i}`, f));
    (t.people ?? []).forEach((p: any, i: number) => {
      field(`${base}/people/${i}/nameField`, p?.nameField);
      field(`${base}/people/${i}/idCardField`, p?.idCardField);
    });
    const wf = workflowOf(entity);
    const codes = wf ? statusCodes(wf) : undefined;
    for (const [stage, s] of Object.entries((t.stages as Record<string, Record<string, unknown>> | undefined) ?? {})) {
      for (const k of ['waiting', 'atCity']) {
        if (codes && s?.[k] !== undefined && !codes.has(String(s[k])))
          add(
            key,
            `${base}/stages/${escapePointer(stage)}/${k}`,
            `unknown status code "${s[k]}" of workflow "${wf!.name}"`,
          );
      }
    }
    for (const k of ['sendAction', 'endAction']) {
      if (wf && typeof t[k] === 'string' && !wf.transitions.some((x) => x.action === t[k]))
        add(key, `${base}/${k}`, `unknown transition "${t[k]}" of workflow "${wf.name}"`);
    }
    if (wf) checkDecisionActions(t, wf, (ptr, message) => add(key, `${base}${ptr}`, message));
  }
  return out;
}

/**
 * Every decisionActions entry of a review target against its workflow: each action is a
 * transition, and each decision can be carried out, by some action of its list, from the status a
 * record of every stage stands in once its review ended (endAction from the stage's waiting
 * status): a decision the 决定 dialog offers is one the workflow then accepts.
 */
function checkDecisionActions(
  t: Record<string, any>,
  wf: WorkflowDef,
  add: (pointer: string, message: string) => void,
): void {
  const actions = (t.decisionActions ?? {}) as Record<string, string[]>;
  const end = wf.transitions.find((x) => x.action === t.endAction);
  for (const [decision, list] of Object.entries(actions)) {
    (list ?? []).forEach((a, i) => {
      if (!wf.transitions.some((x) => x.action === a))
        add(`/decisionActions/${escapePointer(decision)}/${i}`, `unknown transition "${a}" of workflow "${wf.name}"`);
    });
    if (!end) continue;
    for (const [stage, s] of Object.entries((t.stages ?? {}) as Record<string, { waiting?: string }>)) {
      const waiting = String(s?.waiting ?? '');
      if (!end.from.includes(waiting)) continue;
      const after = end.toByFrom?.[waiting] ?? end.to;
      if (!(list ?? []).some((a) => wf.transitions.some((x) => x.action === a && x.from.includes(after))))
        add(
          `/decisionActions/${escapePointer(decision)}`,
          `decision "${decision}" cannot be carried out after a stage "${stage}" review: none of ${JSON.stringify(list)} starts from status "${after}" of workflow "${wf.name}"`,
        );
    }
  }
}

/** Every `var` path a rule reads. */
function rulePaths(rule: unknown, into: string[] = []): string[] {
  if (Array.isArray(rule)) for (const r of rule) rulePaths(r, into);
  else if (rule && typeof rule === 'object')
    for (const [op, arg] of Object.entries(rule)) {
      if (op === 'var') into.push(String(Array.isArray(arg) ? arg[0] : arg));
      else rulePaths(arg, into);
    }
  return into;
}

/**
 * A requiredWhen rule reads the record alone (`record.<field>` of this entity): the server judges it
 * on the record a save or transition leaves, the form on the record overlaid with its values, and
 * both have nothing else. A field always required needs no condition.
 */
function requiredWhenProblems(entity: EntityDef): [string, string][] {
  const out: [string, string][] = [];
  for (const [f, def] of Object.entries(entity.fields ?? {})) {
    if (def.requiredWhen === undefined) continue;
    if (def.required === true)
      out.push([`/fields/${f}/requiredWhen`, 'a field with required: true needs no requiredWhen']);
    for (const p of rulePaths(def.requiredWhen)) {
      const name = p.startsWith('record.') ? p.slice('record.'.length).split('.')[0]! : null;
      if (name === null || !hasField(entity, name))
        out.push([`/fields/${f}/requiredWhen`, `"${p}" is not a field of the record (record.<field>)`]);
    }
  }
  return out;
}

/**
 * The masking rule's declarations (fieldMasks.ts): unmaskFor belongs to a masked field (its own mask
 * or masked row columns), its holder names a field of the record, and an editable masked field lets
 * its managers read it whole, or its form would send the mask back over the stored number.
 */
function maskProblems(entity: { fields?: Record<string, FieldDef> }): [string, string][] {
  const out: [string, string][] = [];
  const fields = entity.fields ?? {};
  for (const [f, def] of Object.entries(fields)) {
    const masked = Boolean(def.mask) || Object.values(def.rows?.fields ?? {}).some((c) => c.mask);
    const holder = def.unmaskFor?.holder;
    if (def.unmaskFor && !masked)
      out.push([`/fields/${f}/unmaskFor`, 'unmaskFor is for a field with a mask (or masked row columns)']);
    if (holder && !(holder in fields) && !['id', 'ownerId', 'createdBy'].includes(holder))
      out.push([`/fields/${f}/unmaskFor/holder`, `holder "${holder}" is not a field of the record`]);
    if (masked && !def.readOnly && def.unmaskFor?.managers !== true)
      out.push([
        `/fields/${f}/unmaskFor`,
        'an editable masked field needs unmaskFor.managers: its form must get the value whole',
      ]);
  }
  return out;
}
