import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import type { FormLookupDef } from '../../../shared/schema/types.js';
import { lookupEffects, lookupValues } from './lookups.js';

const lookup: FormLookupDef = { field: 'topicId', entity: 'topic', copy: { oldName: 'name', oldEndDate: 'endDate' } };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('lookupValues', () => {
  it('fills empty fields only from fillEmpty', () => {
    const withFill = { ...lookup, fillEmpty: { newMembers: 'members' } };
    const members = [{ name: '张三' }];
    expect(lookupValues(withFill, { members }, {})).toMatchObject({ newMembers: members });
    expect(lookupValues(withFill, { members }, { newMembers: [{ name: '李四' }] })).not.toHaveProperty('newMembers');
  });

  it('copies the mapped values, missing ones and no record as null', () => {
    expect(lookupValues(lookup, { name: '课题甲' })).toEqual({ oldName: '课题甲', oldEndDate: null });
    expect(lookupValues(lookup, null)).toEqual({ oldName: null, oldEndDate: null });
  });
});

describe('lookupEffects', () => {
  it('reads the chosen record and fills the fields; only the latest choice counts', async () => {
    const answers: Record<string, (v: Record<string, unknown>) => void> = {};
    const load = (entity: string, id: string) => {
      expect(entity).toBe('topic');
      return new Promise<Record<string, unknown>>((resolve) => {
        answers[id] = resolve;
      });
    };
    const form = createForm({ effects: lookupEffects([lookup], load, 'add') });
    form.createField({ name: 'topicId' });
    form.createField({ name: 'oldName' });
    form.setValuesIn('topicId', 1);
    form.setValuesIn('topicId', 2);
    answers['2']({ name: '课题乙', endDate: '2027-06-30' });
    answers['1']({ name: '课题甲', endDate: '2026-01-01' });
    await tick();
    expect(form.values.oldName).toBe('课题乙');
    expect(form.values.oldEndDate).toBe('2027-06-30');
    form.setValuesIn('topicId', null);
    await tick();
    expect(form.values.oldName).toBeNull();
  });

  it('does nothing in look mode', async () => {
    let calls = 0;
    const form = createForm({
      effects: lookupEffects(
        [lookup],
        async () => {
          calls += 1;
          return {};
        },
        'look',
      ),
    });
    form.createField({ name: 'topicId' });
    form.setValuesIn('topicId', 3);
    await tick();
    expect(calls).toBe(0);
  });

  it('reads the record a new form opens with when the lookup says onOpen, not otherwise, not when editing', async () => {
    const notice: FormLookupDef = {
      field: 'noticeId',
      entity: 'notice',
      copy: { noticeArgumentSheet: 'argumentSheet' },
      onOpen: true,
    };
    const asked: string[] = [];
    const load = async (entity: string, id: string) => {
      asked.push(`${entity}:${id}`);
      return { argumentSheet: true };
    };
    const open = (lookup: FormLookupDef, mode: 'add' | 'edit') => {
      const form = createForm({ initialValues: { noticeId: 7 }, effects: lookupEffects([lookup], load, mode) });
      form.createField({ name: 'noticeId' });
      form.onMount();
      return form;
    };
    const added = open(notice, 'add');
    await tick();
    expect(asked).toEqual(['notice:7']);
    expect(added.values.noticeArgumentSheet).toBe(true);
    open({ ...notice, onOpen: false }, 'add');
    open(notice, 'edit');
    await tick();
    expect(asked).toEqual(['notice:7']);
  });
});
