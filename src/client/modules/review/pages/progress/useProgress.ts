import { useState } from 'react';
import { reviewCalls } from '../../../../../shared/contracts/review.js';
import { useMessage } from '../../../../feedback/messages.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import { useAction } from '../../useAction.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';

/**
 * A batch's progress (review/progress) and what the page does with it: remind the experts still
 * missing, end the review (forced with a reason while tasks are open), export the results. One
 * action at a time (busy); a failure goes to `error`.
 */
export function useProgress(batchId: string | undefined) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [forcing, setForcing] = useState(false);
  const { data, error, setError, load } = useBatchAnswer(reviewCalls.progress, batchId);
  const { busy, run } = useAction(setError);

  const remind = () =>
    run(async () => {
      const r = await dataProvider.moduleCall(reviewCalls.remind, { batchId: batchId! });
      void message.success(`已提醒${r?.reminded ?? 0}位专家`);
    });
  const end = (reason?: string) =>
    run(async () => {
      await dataProvider.moduleCall(reviewCalls.endReview, {
        batchId: batchId!,
        ...(reason ? { force: true, reason } : {}),
      });
      setForcing(false);
      void message.success('评审已结束');
      load();
    });
  const exportResults = () => run(() => dataProvider.download('review/export', 'POST', { batchId }));

  return { data, error, setError, load, busy, forcing, setForcing, remind, end, exportResults };
}
