/**
 * Under the uploader of an identity-free document (the 课题论证活页): each file just uploaded is read
 * by the server for the applicant's name, unit, members, ID and phone numbers as the form holds them
 * now (review/identityScan), and the applicant is told which words and where before submitting.
 */
import { useForm } from '@formily/react';
import { Alert } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { reviewCalls, type IdentityScan } from '../../../../../shared/contracts/review.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import type { UploadCheckProps } from '../../../../runtime/widgets/Upload/uploadChecks.js';

type Answer = IdentityScan & { message: string | null };

export function IdentityCheck({ belongType, value }: UploadCheckProps) {
  const form = useForm();
  const { dataProvider } = useRuntime();
  const [answers, setAnswers] = useState<Map<number, Answer | string>>(new Map());
  const asked = useRef(new Set<number>());
  const [entity, field] = belongType.split('.');
  const files = useMemo(() => value ?? [], [value]);

  useEffect(() => {
    for (const f of files) {
      if (asked.current.has(f.id)) continue;
      asked.current.add(f.id);
      const values = form.values as Record<string, unknown>;
      dataProvider
        .moduleCall(reviewCalls.identityScan, {
          entity: entity!,
          field: field!,
          fileId: f.id,
          id: (values.id as number | undefined) ?? null,
          record: values,
        })
        .then((a) => setAnswers((m) => new Map(m).set(f.id, a as Answer)))
        .catch((e: unknown) => setAnswers((m) => new Map(m).set(f.id, failureText(e))));
    }
  }, [files, form, dataProvider, entity, field]);

  const shown = files.map((f) => ({ f, a: answers.get(f.id) })).filter(({ a }) => a !== undefined);
  if (!shown.length) return null;
  return (
    <div className="rt-identity-check" style={{ marginTop: 8 }}>
      {shown.map(({ f, a }) =>
        typeof a === 'string' ? (
          <Alert key={f.id} type="error" showIcon message={a} />
        ) : a!.state === 'found' ? (
          <Alert key={f.id} type="warning" showIcon message={`${f.fileName}：${a!.message}`} />
        ) : a!.state === 'clean' ? (
          <Alert
            key={f.id}
            type="success"
            showIcon
            message={`${f.fileName}：未发现姓名、单位、身份证号或电话等身份信息`}
          />
        ) : a!.message ? (
          <Alert key={f.id} type="info" showIcon message={`${f.fileName}：${a!.message}`} />
        ) : null,
      )}
    </div>
  );
}
