import { readFileSync } from 'node:fs';
import { createForm, type Field } from '@formily/core';
import { describe, expect, it } from 'vitest';
import type { EntityDef, FormPageDef } from '../../../shared/schema/types.js';
import { buildFormSchema } from './formSchema.js';
import { ruleEffects } from './formRules.js';
import { lookupEffects } from './lookups.js';

const read = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;
const topic = read<EntityDef>('schemas/entities/topic.json');
const application = read<FormPageDef>('schemas/pages/topics/topic.application.json');
const tick = () => new Promise((r) => setTimeout(r, 0));

/** The application form as its page builds it: the schema's rules and lookups, the 活页 field's validators. */
function open(mode: 'add' | 'edit', record: Record<string, unknown> | null, notices: Record<string, unknown> = {}) {
  const built = buildFormSchema(application, topic, mode);
  const form = createForm({
    initialValues: mode === 'add' ? { noticeId: 7 } : record!,
    effects: (f) => {
      ruleEffects(built.rules, () => ({ record, user: { userId: '9', roleCode: '4' } }), mode)(f);
      lookupEffects(
        application.lookups,
        async (_entity, id) => (notices[id] ?? {}) as Record<string, unknown>,
        mode,
      )(f);
    },
  });
  const steps = (built.schema as { properties: Record<string, any> }).properties;
  const attachments = Object.values(steps).flatMap((s) =>
    Object.values(s.properties as Record<string, any>).filter((sec) => sec.properties.grid.properties.argumentSheet),
  )[0].properties.grid.properties.argumentSheet;
  form.createField({ name: 'noticeId' });
  const sheet = form.createField({ name: 'argumentSheet', validator: attachments['x-validator'] }) as Field;
  form.onMount();
  return { form, sheet };
}

describe('the application form marks the 活页 the notice asks for (argumentSheet.requiredWhen)', () => {
  it('an application whose notice asks for it: the field is required and says 请上传课题论证活页', async () => {
    const { sheet } = open('edit', { id: 1, noticeId: 7, noticeArgumentSheet: true, argumentSheet: null });
    expect(sheet.required).toBe(true);
    await expect(sheet.validate()).rejects.toMatchObject([{ messages: ['请上传课题论证活页'] }]);
    expect(sheet.selfErrors).toEqual(['请上传课题论证活页']);
    sheet.setValue([{ id: 3, fileName: '活页.docx' }]);
    await sheet.validate();
    expect(sheet.selfErrors).toEqual([]);
  });

  it('an application whose notice does not ask: not required', async () => {
    const { sheet } = open('edit', { id: 1, noticeId: 7, noticeArgumentSheet: false, argumentSheet: null });
    expect(sheet.required).toBe(false);
    await sheet.validate();
    expect(sheet.selfErrors).toEqual([]);
  });

  it('a new application opened from its notice knows at once: the notice is read and the field marked', async () => {
    const asks = open('add', null, { 7: { argumentSheet: true } });
    expect(asks.sheet.required).toBe(false);
    await tick();
    expect(asks.form.values.noticeArgumentSheet).toBe(true);
    expect(asks.sheet.required).toBe(true);
    const not = open('add', null, { 7: { argumentSheet: false } });
    await tick();
    expect(not.sheet.required).toBe(false);
  });
});
