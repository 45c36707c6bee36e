import type { EntityDef } from '../../../shared/schema/types.js';
import { maskIdCard } from '../../../shared/masks.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { FieldError } from '../../platform/resources/validate.js';
import type { Filter, RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';

/**
 * Who may apply for what (issue 8): a person (by ID number) leads at most `maxLeading` and is a
 * member of at most `maxMembership` running topics. The numbers are declared in
 * schemas/settings.json `topicEligibility`, so analysts change them without code. One application
 * per leader per notice and one name per round (一题多报) are the topic entity's `unique` rules.
 */
export interface EligibilitySettings {
  maxLeading: number;
  maxMembership: number;
  notRunningStatuses: string[];
}

export const ELIGIBILITY_DEFAULTS: EligibilitySettings = {
  maxLeading: 1,
  maxMembership: 2,
  notRunningStatuses: ['0', '18', '24', '34'],
};

export function eligibilitySettings(ctx: AppContext): EligibilitySettings {
  const doc = ctx.schemas.documents.get('settings') as { topicEligibility?: Partial<EligibilitySettings> } | undefined;
  return { ...ELIGIBILITY_DEFAULTS, ...(doc?.topicEligibility ?? {}) };
}

/** Topics that are not withdrawn or expired: they hold their name and their leader's notice slot. */
const GONE = ['24', '34'];

interface Member {
  name?: unknown;
  idCard?: unknown;
}

function membersOf(topic: Record<string, unknown>): { name: string; idCard: string }[] {
  const list = Array.isArray(topic.members) ? (topic.members as Member[]) : [];
  return list
    .filter((m) => m && typeof m === 'object' && typeof m.idCard === 'string' && m.idCard.trim() !== '')
    .map((m) => ({ name: typeof m.name === 'string' ? m.name : '', idCard: String(m.idCard).trim().toUpperCase() }));
}

function leadersOf(topic: Record<string, unknown>): string[] {
  return [topic.leaderIdCard, topic.secondLeaderIdCard]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim().toUpperCase());
}

async function count(store: RecordStore, entity: EntityDef, where: Filter[]): Promise<StoredRecord[]> {
  const { rows } = await store.list(entity, {
    where: { t: 'and', items: where },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 50,
  });
  return rows;
}

/**
 * The field messages refusing this topic (empty when it may be saved / submitted). `topic` is the
 * record as it would be written (id absent when new); `person` checks count only running topics
 * and run when the application is submitted or already running, so abandoned drafts block no one.
 */
export async function eligibilityErrors(
  ctx: AppContext,
  store: RecordStore,
  topic: Record<string, unknown>,
  opts: { personChecks: boolean },
): Promise<FieldError[]> {
  const entity = ctx.schemas.entities.get('topic')!;
  const s = eligibilitySettings(ctx);
  const errors: FieldError[] = [];
  const notThis: Filter[] = typeof topic.id === 'number' ? [{ t: 'cmp', field: 'id', op: '<>', value: topic.id }] : [];
  const seen = new Set<string>();
  const people = membersOf(topic).filter((m) => {
    if (!seen.has(m.idCard)) {
      seen.add(m.idCard);
      return true;
    }
    errors.push({
      field: 'members',
      label: '课题组成员',
      message: `成员${m.name}（身份证号${maskIdCard(m.idCard)}）重复填写`,
    });
    return false;
  });
  if (!opts.personChecks) return errors;

  const running: Filter = { t: 'not', item: { t: 'in', field: 'status', values: [...s.notRunningStatuses, ...GONE] } };
  for (const [i, idCard] of leadersOf(topic).entries()) {
    const field =
      i === 0 && typeof topic.leaderIdCard === 'string' && topic.leaderIdCard.trim() !== ''
        ? 'leaderIdCard'
        : 'secondLeaderIdCard';
    const led = await count(store, entity, [
      ...notThis,
      running,
      {
        t: 'or',
        items: [
          { t: 'cmp', field: 'leaderIdCard', op: '=', value: idCard },
          { t: 'cmp', field: 'secondLeaderIdCard', op: '=', value: idCard },
        ],
      },
    ]);
    if (led.length >= s.maxLeading) {
      errors.push({
        field,
        label: entity.fields[field].label,
        message: `该负责人（身份证号${maskIdCard(idCard)}）已主持${led.length}项在研课题，最多可主持${s.maxLeading}项`,
      });
    }
  }
  for (const m of people) {
    // A list kept as JSON holds the ID number as a quoted text: "contains" finds it.
    const joined = await count(store, entity, [
      ...notThis,
      running,
      { t: 'contains', field: 'members', value: m.idCard },
    ]);
    const really = joined.filter((r) => membersOf(r).some((x) => x.idCard === m.idCard));
    if (really.length >= s.maxMembership) {
      errors.push({
        field: 'members',
        label: '课题组成员',
        message: `成员${m.name}（身份证号${maskIdCard(m.idCard)}）已参与${really.length}项在研课题，最多可参与${s.maxMembership}项`,
      });
    }
  }
  return errors;
}
