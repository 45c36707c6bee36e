import type { AppContext } from '../../platform/AppContext.js';
import { linkAccount } from '../../platform/accounts/accounts.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { normalizeCriteria, templateProblem } from './aggregate.js';
import { parseLocal } from '../../platform/records/time.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { brokenByRuleChange, brokenMessage } from './ruleChange.js';
import { fillFromTemplate } from './reviewKind.js';

const EXPERT_ROLE = '5' as const;

function refuse(field: string, label: string, message: string): AppError {
  return AppError.invalid([{ field, label, message }]);
}

/**
 * The user account of an expert, through the accounts service: the user named by `account` (else
 * the one with the expert's mobile number) is linked and given the expert role when the saving
 * administrator administers it; when none exists one is created in the expert's area (the expert
 * signs in by SMS with the mobile number, or an administrator sets a password).
 */
export async function linkExpertAccount(
  ctx: AppContext,
  actor: SessionUser,
  e: {
    name: string;
    account: string | null;
    mobile: string;
    idCard: string | null;
    area: string | null;
    unit: string | null;
  },
): Promise<number> {
  return linkAccount(
    ctx.database.db,
    actor,
    { name: e.name, account: e.account, mobile: e.mobile, idCardNo: e.idCard, areaCode: e.area, orgName: e.unit },
    EXPERT_ROLE,
    'zj',
  );
}

/** Registers the review module's save checks: expert accounts; batch templates and time windows. */
export function registerReviewHooks(ctx: AppContext): void {
  ctx.engine.on('expert', {
    beforeSave: async ({ ctx, next, existing, user }) => {
      const s = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
      const account = s(next.account);
      if (existing && existing.userId && s(existing.account) === account && existing.mobile === next.mobile) return;
      const userId = await linkExpertAccount(ctx, user, {
        name: String(next.name),
        account,
        mobile: String(next.mobile),
        idCard: s(next.idCard),
        area: s(next.area),
        unit: s(next.unit),
      });
      const { rows } = await KyselyRecordStore.of(ctx.database).list(ctx.schemas.entities.get('expert')!, {
        where: { t: 'cmp', field: 'userId', op: '=', value: userId },
        sort: [],
        offset: 0,
        limit: 2,
      });
      if (rows.some((r) => r.id !== existing?.id)) throw refuse('account', '登录账号', '该账号已关联其他专家');
      return { userId };
    },
  });

  ctx.engine.on('reviewBatch', {
    beforeSave: async ({ ctx, next, existing }) => {
      // A new batch speaks its own stage: what the organiser left empty comes from its kind's template.
      if (!existing) fillFromTemplate(ctx, next);
      next.criteria = normalizeCriteria(next.criteria);
      const problem = templateProblem(next.criteria, next.recommendations);
      if (problem) throw refuse('criteria', '评分指标', problem);
      const start = parseLocal(String(next.startTime ?? ''));
      const end = parseLocal(String(next.endTime ?? ''));
      if (start !== null && end !== null && end <= start) throw refuse('endTime', '截止时间', '截止时间须晚于开始时间');
      if (!existing) return { templateLocked: false };
      if (
        existing.templateLocked &&
        (JSON.stringify(existing.criteria) !== JSON.stringify(next.criteria) ||
          JSON.stringify(existing.recommendations) !== JSON.stringify(next.recommendations))
      ) {
        throw refuse('criteria', '评分指标', '评分模板已有专家使用，不能修改；请复制该评审批次后修改模板');
      }
      if (
        existing.status !== '0' &&
        (existing.targetEntity !== next.targetEntity ||
          existing.stage !== next.stage ||
          existing.expertsPerTopic !== next.expertsPerTopic)
      ) {
        throw refuse('stage', '评审阶段', '已分配专家的评审批次不能修改评审对象、阶段和专家人数');
      }
      // A rule is a promise about every allocation of the batch, made or to come: a change that
      // existing allocations break is refused, naming them, rather than saved over them.
      const broken = await brokenByRuleChange(ctx, existing, next);
      if (broken.length) throw refuse('outOfArea', '异地评审', brokenMessage(broken));
    },
  });
}
