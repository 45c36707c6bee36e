import { useEffect, useState } from 'react';
import type { PasswordJudgement, PasswordWords } from '../../../../shared/passwordStrength.js';

type Judge = (pw: unknown, words?: PasswordWords) => PasswordJudgement;

/** The estimator and its word lists are a chunk of their own, loaded when a password form first shows. */
let loading: Promise<Judge> | null = null;
function loadJudge(): Promise<Judge> {
  loading ??= import('../../../../shared/passwordStrength.js').then((m) => m.judgePassword);
  return loading;
}

/**
 * The server's judgement of a password (src/shared/passwordStrength.ts) as it is typed: null while
 * the field is empty or the estimator is still loading.
 */
export function usePasswordJudgement(pw: string, words: PasswordWords): PasswordJudgement | null {
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    let live = true;
    void loadJudge().then((j) => {
      if (live) setJudge(() => j);
    });
    return () => {
      live = false;
    };
  }, []);
  const key = JSON.stringify(words);
  const [result, setResult] = useState<PasswordJudgement | null>(null);
  useEffect(() => {
    setResult(judge && pw ? judge(pw, JSON.parse(key) as PasswordWords) : null);
  }, [judge, pw, key]);
  return result;
}
