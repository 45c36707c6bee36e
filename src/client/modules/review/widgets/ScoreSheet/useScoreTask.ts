import { useCallback, useEffect, useState } from 'react';
import { reviewCalls, type TaskAnswer } from '../../../../../shared/contracts/review.js';
import type { Id } from '../../../../../shared/contracts/contract.js';
import { fieldErrorsOf } from '../../../../../shared/fieldErrors.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useMessage } from '../../../../feedback/messages.js';
import { useOptionalRuntime } from '../../../../runtime/RuntimeContext.js';
import { announceRecordChanged } from '../../../../runtime/recordChanged.js';
import { scoreProblem, sheetProblems } from './scoreRules.js';

/**
 * One review task as its expert scores it: read from review/task (undefined while read, null
 * without one), the scores and opinions as typed, each criterion's problem (typed out of range, or
 * the server's until that score changes), and 保存草稿 / 提交 through review/score.
 */
export function useScoreTask(id: Id | undefined) {
  const runtime = useOptionalRuntime();
  const message = useMessage();
  const [task, setTask] = useState<TaskAnswer | null | undefined>(undefined);
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [recommendation, setRecommendation] = useState<string | null>(null);
  const [confidence, setConfidence] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's messages at a criterion (field scores.<criterion>), until that score is changed.
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});

  const load = useCallback(() => {
    if (!runtime || id === undefined || id === null) {
      setTask(null);
      return () => undefined;
    }
    let alive = true;
    runtime.dataProvider.moduleCall(reviewCalls.task, { id }).then(
      (t) => {
        if (!alive) return;
        setTask(t ?? null);
        if (t) {
          setScores({ ...(t.review.scores ?? {}) });
          setRecommendation(t.review.recommendation ?? null);
          setConfidence(t.review.confidence ?? null);
          setComment(t.review.comment ?? '');
        }
      },
      (e) => {
        if (alive) {
          setTask(null);
          setError(failureText(e));
        }
      },
    );
    return () => {
      alive = false;
    };
  }, [runtime, id]);
  useEffect(() => load(), [load]);

  const criteria = task && Array.isArray(task.batch.criteria) ? task.batch.criteria : [];
  const problems = Object.fromEntries(
    criteria.map((c) => [c.name, scoreProblem(c, scores[c.name]) ?? serverProblems[c.name] ?? null]),
  );

  const setScore = (name: string, v: number | null) => {
    setScores((s) => ({ ...s, [name]: v }));
    setServerProblems((p) => {
      const { [name]: _gone, ...others } = p;
      return others;
    });
  };

  async function save(submit: boolean) {
    if (!runtime || !task) return;
    const review = task.review;
    // Everything the server would refuse, said before anything is sent.
    const sheet = { scores, recommendation, comment };
    const refused = sheetProblems(criteria, task.batch.recommendations ?? [], sheet, submit);
    if (refused.length) {
      setError(refused.map((p) => p.message).join('；'));
      return;
    }
    setBusy(true);
    setError(null);
    setServerProblems({});
    try {
      const filled = Object.fromEntries(Object.entries(scores).filter(([, v]) => v !== null && v !== undefined));
      const saved = await runtime.dataProvider.moduleCall(reviewCalls.score, {
        id: review.id,
        version: review.version,
        scores: filled,
        recommendation,
        confidence,
        comment,
        submit,
      });
      setTask({ ...task, review: { ...review, ...saved } });
      if (submit) announceRecordChanged(review.id);
      void message.success(submit ? '提交成功' : '保存成功');
    } catch (e) {
      const fields = fieldErrorsOf((e as { data?: unknown })?.data) ?? {};
      setServerProblems(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([k]) => k.startsWith('scores.'))
            .map(([k, m]) => [k.slice(7), m.join('；')]),
        ),
      );
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  /** The generated application's download, where the task offers one. */
  const downloadApplication =
    task?.application && runtime
      ? () =>
          void runtime.dataProvider
            .download(`review/application?id=${encodeURIComponent(String(task.review.id))}`, 'POST')
            .catch((e: unknown) => setError(failureText(e)))
      : undefined;

  return {
    task,
    load,
    criteria,
    scores,
    setScore,
    problems,
    opinions: { recommendation, setRecommendation, confidence, setConfidence, comment, setComment },
    busy,
    error,
    save,
    downloadApplication,
  };
}
