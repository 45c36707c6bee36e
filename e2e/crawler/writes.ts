/**
 * Which calls change data, for the firing crawler to count what a press wrote: the generic record
 * writes (save, transition, delete of any entity) and every module call whose contract says it
 * writes (src/shared/contracts), so a new module action is counted as soon as its contract is.
 */
import { accountCalls } from '../../src/shared/contracts/account.js';
import type { AnyContract } from '../../src/shared/contracts/contract.js';
import { documentCalls } from '../../src/shared/contracts/documents.js';
import { meetingCalls } from '../../src/shared/contracts/meetings.js';
import { reviewCalls } from '../../src/shared/contracts/review.js';
import { signUpCalls } from '../../src/shared/contracts/signup.js';
import { similarityCalls } from '../../src/shared/contracts/similarity.js';
import { statisticsCalls } from '../../src/shared/contracts/statistics.js';
import { studioCalls } from '../../src/shared/contracts/studio.js';
import { systemCalls } from '../../src/shared/contracts/system.js';
import { watchDutyCalls } from '../../src/shared/contracts/watchDuty.js';
import { workbenchCalls } from '../../src/shared/contracts/workbench.js';

const RESOURCE_WRITE = /^resource\/[^/]+\/(transition|delete|save)$/;

const CONTRACT_WRITES = new Set(
  [
    accountCalls,
    documentCalls,
    meetingCalls,
    reviewCalls,
    signUpCalls,
    similarityCalls,
    statisticsCalls,
    studioCalls,
    systemCalls,
    watchDutyCalls,
    workbenchCalls,
  ]
    .flatMap((calls) => Object.values(calls as Record<string, AnyContract>))
    .filter((c) => c.write)
    .map((c) => c.path),
);

/** Whether a request (its method and URL path) changes data. */
export function isWriteCall(method: string, pathname: string): boolean {
  const call = /\/api\/(.+)$/.exec(pathname)?.[1];
  return method === 'POST' && !!call && (RESOURCE_WRITE.test(call) || CONTRACT_WRITES.has(call));
}
