import { useMemo, useState } from 'react';
import { reviewCalls } from '../../../../../shared/contracts/review.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useMessage } from '../../../../feedback/messages.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import { useAction } from '../../useAction.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';
import { unfilled } from './allocationRules.js';

/**
 * A batch's candidates (review/candidates) and the allocation page's own actions: the records
 * selected, the automatic allocation (of the selected, else of every record still short of
 * experts) and taking an expert off a record. A failure goes to `error`.
 */
export function useAllocation(batchId: string | undefined) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [selected, setSelected] = useState<number[]>([]);
  const { data, error, setError, load } = useBatchAnswer(reviewCalls.candidates, batchId);
  const { busy, run } = useAction(setError);
  const autoIds = useMemo(() => (data ? (selected.length ? selected : unfilled(data)) : []), [data, selected]);

  const auto = () =>
    run(async () => {
      if (!data) return;
      const r = await dataProvider.moduleCall(reviewCalls.allocate, {
        batchId: data.batch.id,
        mode: 'auto',
        targetIds: autoIds,
      });
      void message.success(`分配成功，共分配${r?.created ?? 0}人次`);
      setSelected([]);
      load();
    });

  async function unassign(reviewId: number) {
    setError(null);
    try {
      await dataProvider.moduleCall(reviewCalls.unassign, { id: reviewId });
      void message.success('已取消分配');
      load();
    } catch (e) {
      setError(failureText(e));
    }
  }

  return { data, error, setError, load, selected, setSelected, busy, autoIds, auto, unassign };
}
