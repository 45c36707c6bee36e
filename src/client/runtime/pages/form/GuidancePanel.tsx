/**
 * The panel beside a guided form's steps (`"guidance": true` on the page): what is still missing
 * before the submit can go through, step by step, recomputed from the form's values as the user
 * types (model/guidance.ts). After a refused 提交 it says first that these items block it.
 */
import { useForm, observer } from '@formily/react';
import { toJS } from '@formily/reactive';
import { Alert, Card, Tag } from 'antd';
import type { RuleInputs } from '../../model/ruleContext.js';
import { ruleContext } from '../../model/ruleContext.js';
import { guidance, missingItems, type GuidanceStep } from '../../model/guidance.js';
import type { EntityDef, FormPageDef, WorkflowDef } from '../../../../shared/schema/types.js';

export interface GuidanceSource {
  page: FormPageDef;
  entity: EntityDef;
  workflow?: WorkflowDef | null;
}

/** The guidance of a form's current values. */
export function guidanceNow(
  source: GuidanceSource,
  values: Record<string, unknown>,
  inputs: RuleInputs,
): GuidanceStep[] {
  const status = source.workflow ? inputs.record?.[source.workflow.field] : undefined;
  return guidance({ ...source, values, status, ctx: ruleContext({ ...inputs, form: values }) });
}

/** The sentence a blocked submit shows. */
export const blockedText = (count: number, label: string) => `尚有${count}项内容未完成，暂不能${label}`;

export interface GuidancePanelProps {
  source: GuidanceSource;
  inputs: () => RuleInputs;
  /** Index of the step on screen (highlighted). */
  current?: number;
  /** Set once the submit was pressed with items missing. */
  blocked?: boolean;
}

export const GuidancePanel = observer(function GuidancePanel({ source, inputs, current, blocked }: GuidancePanelProps) {
  const form = useForm();
  const steps = guidanceNow(source, toJS(form.values) as Record<string, unknown>, inputs());
  const missing = missingItems(steps).length;
  const label = source.page.submitAction?.label ?? '提交';
  return (
    <Card size="small" title="填写指引" className="runtime-guidance" role="complementary" aria-label="填写指引">
      {blocked && missing ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={blockedText(missing, label)}
          description="请先完成下列内容后再提交。"
        />
      ) : null}
      {missing ? (
        <div className="runtime-guidance-summary">还需完成 {missing} 项</div>
      ) : (
        <Alert type="success" showIcon role="status" message={`必填内容已完成，可以${label}`} />
      )}
      {steps.map((s, i) =>
        s.items.length ? (
          <section
            key={i}
            className={`runtime-guidance-step${i === current ? ' runtime-guidance-current' : ''}`}
            aria-label={s.title ?? label}
          >
            {s.title ? (
              <div className="runtime-guidance-title">
                {s.title} <Tag color={i === current ? 'blue' : 'default'}>{s.items.length}</Tag>
              </div>
            ) : null}
            <ul>
              {s.items.map((item) => (
                <li key={item.field} data-field={item.field}>
                  {item.message}
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </Card>
  );
});
