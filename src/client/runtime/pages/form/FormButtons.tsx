import { FormButtonGroup } from '@formily/antd-v5';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { FormMode } from '../../model/formSchema.js';
import { GuidedSubmit } from './GuidedSubmit.js';
import type { FormController } from './useFormController.js';

/** A form page's buttons: a visitor form's one, 返回 when looking, else the steps', 保存 and the page's submit. */
export function FormButtons({ c, mode, bare }: { c: FormController; mode: FormMode; bare: boolean }) {
  const navigate = useNavigate();
  const { page, saving, steps, submit, guidance } = c;
  if (c.visitorForm)
    return (
      <FormButtonGroup align="center" className="runtime-form-buttons">
        <Button type="primary" loading={saving} onClick={() => void c.save(false)}>
          {c.visitorForm.label}
        </Button>
      </FormButtonGroup>
    );
  if (mode === 'look')
    return bare ? null : (
      <FormButtonGroup align="center">
        <Button onClick={() => navigate(-1)}>返回</Button>
      </FormButtonGroup>
    );
  const action = page.submitAction;
  const submitButton = !action ? null : guidance.guided || submit.confirm ? (
    <GuidedSubmit
      label={action.label}
      confirm={submit.confirm}
      saving={saving}
      onSubmit={() => c.save(true)}
      blocks={guidance.guided ? guidance.submitBlocked : c.invalid}
    />
  ) : (
    <Button type="primary" loading={saving} onClick={() => void c.save(true)}>
      {action.label}
    </Button>
  );
  return (
    <FormButtonGroup align="center" className="runtime-form-buttons">
      {steps.titles && steps.step > 0 ? <Button onClick={steps.previous}>上一步</Button> : null}
      {!steps.last ? (
        <Button type="primary" onClick={() => void steps.next()}>
          下一步
        </Button>
      ) : null}
      {steps.last ? (
        <Button type={submit.canSubmit ? 'default' : 'primary'} loading={saving} onClick={() => void c.save(false)}>
          保存
        </Button>
      ) : null}
      {steps.last && submit.canSubmit ? submitButton : null}
      <Button onClick={c.back}>返回</Button>
    </FormButtonGroup>
  );
}
