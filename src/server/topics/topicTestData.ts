import type { TestApp } from '../testing/testApp.js';

type H = Record<string, string>;
let serial = 0;

/** A valid-looking 18-character ID number no other test topic uses (eligibility counts people by it). */
export function testIdCard(): string {
  serial += 1;
  const body = `1301${String(Date.now() % 1e8).padStart(8, '0')}${String(serial).padStart(5, '0')}`.slice(0, 17);
  return `${body}X`;
}

/** Local date-time text (UTC+8) some hours from now. */
export function localTime(hoursFromNow: number): string {
  return new Date(Date.now() + hoursFromNow * 3600_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** For tests of every module: a notice of a stage, saved and published by `admin` (open now unless told). */
export async function publishNotice(t: TestApp, admin: H, opts: { stage?: number; title?: string; targetAreas?: string[]; startHours?: number; endHours?: number; publish?: boolean } = {}) {
  const saved = await t.post('/api/resource/notice/save', {
    subAct: 'a', title: opts.title ?? `测试通知${++serial}`, stage: opts.stage ?? 1, year: '2026',
    startTime: localTime(opts.startHours ?? -1), endTime: localTime(opts.endHours ?? 24 * 30), body: '<p>请按要求申报。</p>',
    ...(opts.targetAreas ? { targetAreas: opts.targetAreas } : {}),
  }, admin);
  if (saved.status !== 200) throw new Error(`notice save: ${JSON.stringify(saved.body)}`);
  if (opts.publish === false) return saved.body.data;
  const pub = await t.post('/api/resource/notice/transition', { subAct: 'a', id: saved.body.data.id, version: saved.body.data.version, action: 'publish' }, admin);
  if (pub.status !== 200) throw new Error(`notice publish: ${JSON.stringify(pub.body)}`);
  return pub.body.data;
}

/** An application body that passes the submit transition's required fields. */
export function applicationBody(noticeId: number, name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    subAct: 'a', noticeId, name, subject: '3', category: '3', leader: '张明', leaderIdCard: testIdCard(), leaderMobile: '13912345678',
    unit: '定州市第一中学', researchContent: '研究内容', researchTarget: '研究目标',
    members: [{ name: '李华', unit: '定州市第一中学', title: '一级教师', duty: '资料整理', idCard: testIdCard() }],
    phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    ...over,
  };
}

/** Saves a new application of `leader` on the notice; returns the record (status 0). */
export async function newTopic(t: TestApp, leader: H, noticeId: number, name: string, over: Record<string, unknown> = {}) {
  const res = await t.post('/api/resource/topic/save', applicationBody(noticeId, name, over), leader);
  if (res.status !== 200) throw new Error(`topic save: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
