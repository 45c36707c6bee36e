import type { ChangeKindDef, ChangeKindsDef, EntityDef } from '../../../shared/schema/types.js';
import type { SchemaSet } from '../../platform/schemas/SchemaSet.js';

/**
 * One kind of change (dictionary bgsx): its entry of the change kinds document (the target fields it
 * changes and the transition it fires) with the code it is keyed by, which the entry does not hold.
 */
export interface ChangeKind extends ChangeKindDef {
  code: string;
}

/** schemas/topicChangeKinds.json, checked against the entities it names. */
export interface ChangeKinds {
  target: EntityDef;
  request: EntityDef;
  kindsField: string;
  /** Statuses of the target in which it may be changed (a running topic). */
  targetStatuses: string[];
  submitAction: string;
  applyAction: string;
  openStatuses: string[];
  kinds: Map<string, ChangeKind>;
}

const cap = (f: string) => f.charAt(0).toUpperCase() + f.slice(1);
/** Field of the request holding the target field's value before the change. */
export const oldField = (f: string): string => `old${cap(f)}`;
/** Field of the request holding the value asked for. */
export const newField = (f: string): string => `new${cap(f)}`;

/**
 * Reads the change kinds document and checks every name in it, so a misspelt field stops the
 * server at start-up instead of silently changing nothing when a request passes.
 */
export function readChangeKinds(schemas: SchemaSet, documentName = 'topicChangeKinds'): ChangeKinds {
  const doc = schemas.documents.get(documentName) as Partial<ChangeKindsDef> | undefined;
  const where = `schemas/${documentName}.json`;
  if (!doc) throw new Error(`${where} is missing`);
  const target = doc.target ? schemas.entities.get(doc.target) : undefined;
  const request = doc.request ? schemas.entities.get(doc.request) : undefined;
  if (!target) throw new Error(`${where}: unknown target entity "${doc.target}"`);
  if (!request) throw new Error(`${where}: unknown request entity "${doc.request}"`);
  const kindsField = doc.kindsField ?? '';
  const dict = request.fields[kindsField]?.dict;
  if (!dict || !request.fields[kindsField].multiple)
    throw new Error(`${where}: kindsField "${kindsField}" must be a multiple dictionary field of ${request.name}`);
  const codes = new Set((schemas.dictionaries.get(dict)?.options ?? []).map((o) => o.value));
  const workflow = target.workflow ? schemas.workflows.get(target.workflow) : undefined;
  const kinds = new Map<string, ChangeKind>();
  for (const [code, k] of Object.entries(doc.kinds ?? {})) {
    if (!codes.has(code)) throw new Error(`${where}: kind "${code}" is not a value of dictionary ${dict}`);
    for (const f of k.fields ?? []) {
      if (!target.fields[f]) throw new Error(`${where}: kind ${code}: unknown field "${f}" of ${target.name}`);
      for (const rf of [oldField(f), newField(f)]) {
        if (!request.fields[rf]) throw new Error(`${where}: kind ${code}: ${request.name} has no field "${rf}"`);
      }
    }
    if (k.transition && !workflow?.transitions.some((t) => t.action === k.transition && t.actor === 'system')) {
      throw new Error(
        `${where}: kind ${code}: "${k.transition}" is not a system transition of workflow ${workflow?.name ?? '(none)'}`,
      );
    }
    kinds.set(code, { code, fields: k.fields ?? [], transition: k.transition });
  }
  for (const code of codes)
    if (!kinds.has(code)) throw new Error(`${where}: dictionary ${dict} value "${code}" has no kind`);
  const requestFlow = request.workflow ? schemas.workflows.get(request.workflow) : undefined;
  const targetCodes = new Set(workflow?.statuses.map((s) => s.code) ?? []);
  const requestCodes = new Set(requestFlow?.statuses.map((s) => s.code) ?? []);
  for (const s of doc.targetStatuses ?? [])
    if (!targetCodes.has(s)) throw new Error(`${where}: targetStatuses: unknown status "${s}" of ${target.name}`);
  for (const s of doc.openStatuses ?? [])
    if (!requestCodes.has(s)) throw new Error(`${where}: openStatuses: unknown status "${s}" of ${request.name}`);
  for (const a of [doc.submitAction, doc.applyAction]) {
    if (!a || !requestFlow?.transitions.some((t) => t.action === a))
      throw new Error(`${where}: unknown transition "${a}" of ${request.name}`);
  }
  return {
    target,
    request,
    kindsField,
    kinds,
    targetStatuses: doc.targetStatuses ?? [],
    openStatuses: doc.openStatuses ?? [],
    submitAction: doc.submitAction!,
    applyAction: doc.applyAction!,
  };
}

/** The kinds a request asks for, in the document's order, unknown codes dropped. */
export function kindsOf(kinds: ChangeKinds, request: Record<string, unknown>): ChangeKind[] {
  const asked = new Set(
    (Array.isArray(request[kinds.kindsField]) ? (request[kinds.kindsField] as unknown[]) : []).map(String),
  );
  return [...kinds.kinds.values()].filter((k) => asked.has(k.code));
}
