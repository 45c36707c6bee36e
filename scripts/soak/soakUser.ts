/** One user of the soak (scripts/soak.ts): logs in, finds what it may read, then asks until the end. */
import crypto from 'node:crypto';

export interface Sample {
  kind: string;
  ms: number;
  /** The server failed (an HTTP error, a broken answer): the soak fails. */
  error?: string;
  /** Refused with its message (two users of one account racing for a record's version): counted apart. */
  refused?: string;
}

type Answer = { flag: boolean; data: any; result: string };
const REFUSED = 'refused: ';
const ENTITIES = [
  'announcement',
  'topic',
  'notice',
  'achievement',
  'meeting',
  'question',
  'review',
  'reviewBatch',
  'expert',
  'user',
];

export async function soakUser(
  origin: string,
  /** Which of the users of one account this is: each edits a draft of its own where there are enough. */
  seat: number,
  account: string,
  password: string,
  captchaCode: string,
  end: number,
  record: (s: Sample) => void,
): Promise<void> {
  let headers: Record<string, string> = {};
  const timed = async (kind: string, fn: () => Promise<string | undefined>) => {
    const t0 = performance.now();
    let error: string | undefined;
    try {
      error = await fn();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const ms = performance.now() - t0;
    if (error?.startsWith(REFUSED)) record({ kind, ms, refused: error.slice(REFUSED.length) });
    else record({ kind, ms, ...(error ? { error } : {}) });
  };
  const post = async (
    url: string,
    body: unknown,
  ): Promise<{ status: number; answer: Answer | null; bytes: number }> => {
    const res = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, answer: json ? (JSON.parse(buf.toString()) as Answer) : null, bytes: buf.length };
  };
  const refused = (r: { status: number; answer: Answer | null }) =>
    r.status !== 200 ? `HTTP ${r.status}` : r.answer && !r.answer.flag ? r.answer.result : undefined;

  const captcha = ((await (await fetch(`${origin}/sso/captcha`)).json()) as Answer).data;
  const sso = await post('/sso/login', { account, password, captchaId: captcha.captchaId, captchaCode });
  const login = await post('/api/sys/login', { tgt: sso.answer?.data?.tgt, subAct: 'a' });
  if (!login.answer?.flag) throw new Error(`${account} could not log in: ${login.answer?.result ?? login.status}`);
  headers = { authorization: login.answer.data.token, 'x-csrf-token': login.answer.data.csrfToken };

  // What this role reads: the entities whose list answers, a text field of each to search in, a record to open.
  const readable: { entity: string; field?: string; word?: string; id?: unknown }[] = [];
  for (const entity of ENTITIES) {
    const r = await post(`/api/resource/${entity}/list`, { page: 1, pageSize: 10, subAct: 'a' });
    if (!r.answer?.flag) continue;
    const row = (r.answer.data?.list ?? [])[0] as Record<string, unknown> | undefined;
    const text =
      row && Object.entries(row).find(([k, v]) => typeof v === 'string' && /[\u4e00-\u9fff]{2}/.test(v) && k !== 'id');
    let search: { field?: string; word?: string } = {};
    if (text) {
      const probe = { field: text[0], word: String(text[1]).match(/[\u4e00-\u9fff]{2}/)![0] };
      const s = await post(`/api/resource/${entity}/list`, {
        page: 1,
        pageSize: 10,
        subAct: 'a',
        filters: [{ field: probe.field, op: 'like', value: probe.word }],
      });
      if (s.answer?.flag) search = probe;
    }
    readable.push({ entity, ...search, id: row?.id });
  }
  if (!readable.length) throw new Error(`${account} reads no list`);
  const uploaded: string[] = [];

  const kinds: Record<string, () => Promise<string | undefined>> = {
    list: async () => {
      const e = pick(readable);
      return refused(
        await post(`/api/resource/${e.entity}/list`, { page: (1 + Math.random() * 3) | 0, pageSize: 20, subAct: 'a' }),
      );
    },
    search: async () => {
      const e = pick(readable.filter((r) => r.field)) ?? readable[0];
      const filters = e.field ? [{ field: e.field, op: 'like', value: e.word }] : [];
      return refused(await post(`/api/resource/${e.entity}/list`, { page: 1, pageSize: 20, subAct: 'a', filters }));
    },
    read: async () => {
      const e = pick(readable.filter((r) => r.id !== undefined)) ?? readable[0];
      return e.id === undefined
        ? undefined
        : refused(await post(`/api/resource/${e.entity}/get`, { id: e.id, subAct: 'a' }));
    },
    export: async () => {
      const e = pick(readable);
      const r = await post(`/api/resource/${e.entity}/export`, { subAct: 'a' });
      // Some roles may list but not export an entity: a refusal with its message is an answer, not an error.
      return r.status === 200 || r.answer ? undefined : `HTTP ${r.status}`;
    },
    upload: async () => {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(64 * 1024)]);
      const md5 = crypto.createHash('md5').update(bytes).digest('hex');
      const meta = {
        fileExt: 'pdf',
        chunks: 1,
        md5,
        fileSize: bytes.length,
        belongType: 'announcement.attachments',
        subAct: 'a',
      };
      const t = await post('/api/file/getCyStorageToken', meta);
      if (!t.answer?.flag) return t.answer?.result === undefined ? `HTTP ${t.status}` : undefined;
      const prepared = await post('/fileserver/v2/prepare', {
        token: t.answer.data.prepareToken,
        chunkSize: bytes.length,
        md5,
      });
      const contextId = prepared.answer?.data?.contextId;
      const c = await post('/api/file/getTokenByChunks', { fileExt: 'pdf', chunks: 1, md5, contextId, subAct: 'a' });
      const q = new URLSearchParams({ contextId, index: '0', token: c.answer?.data?.chunkToken, chunkMd5: md5 });
      const sent = await fetch(`${origin}/fileserver/v2/upload?${q}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: bytes,
      });
      await sent.arrayBuffer();
      const done = await post('/fileserver/v2/complete', { token: c.answer?.data?.completeToken, contextId });
      const file = await post('/api/file/uploadFile', {
        belongType: 'announcement.attachments',
        contextId,
        originalFileName: '压力测试.pdf',
        subAct: 'a',
      });
      if (file.answer?.data?.downloadUrl) uploaded.push(file.answer.data.downloadUrl);
      return refused(done) ?? refused(file);
    },
    download: async () => {
      if (!uploaded.length) return undefined;
      const res = await fetch(`${origin}${pick(uploaded)}`, { headers });
      await res.arrayBuffer();
      return res.status === 200 ? undefined : `HTTP ${res.status}`;
    },
  };
  // Writes: the drafts this account may edit and submit (an applicant's), saved again and submitted
  // then withdrawn (提交, 撤回), so the load walks the write path and the workflow without using
  // the demo data up.
  const drafts = await ownDrafts(post);
  const mine = drafts.filter((_d, i) => i % 2 === seat % 2);
  const draft = pick(mine.length ? mine : drafts);
  if (draft !== undefined) {
    const current = async () => (await post('/api/resource/topic/get', { id: draft, subAct: 'a' })).answer?.data;
    // A refusal (its envelope and message, 4xx) is an answer; a server error or a bare status is not.
    const written = (r: { status: number; answer: Answer | null }) =>
      r.status >= 500 || !r.answer ? `HTTP ${r.status}` : r.answer.flag ? undefined : REFUSED + r.answer.result;
    kinds.save = async () => {
      const t = await current();
      // A submitted draft is not edited: it is withdrawn by the next transition.
      if (t?.status !== '0') return undefined;
      return written(
        await post('/api/resource/topic/save', { id: draft, version: t?.version, name: t?.name, subAct: 'a' }),
      );
    };
    kinds.transition = async () => {
      const t = await current();
      const action = t?.status === '0' ? 'submit' : 'revoke';
      return written(
        await post('/api/resource/topic/transition', { id: draft, action, version: t?.version, subAct: 'a' }),
      );
    };
  }
  const names = Object.keys(kinds);
  while (Date.now() < end) {
    const kind = pick(names);
    await timed(kind, kinds[kind]);
  }
}

/** The ids of the account's own draft topics that can be submitted now (tried once, withdrawn again). */
async function ownDrafts(
  post: (url: string, body: unknown) => Promise<{ status: number; answer: Answer | null }>,
): Promise<number[]> {
  const list = await post('/api/resource/topic/list', { page: 1, pageSize: 100, subAct: 'a' });
  const out: number[] = [];
  for (const row of (list.answer?.flag ? list.answer.data.list : []) as { id: number; status: string }[]) {
    if (row.status !== '0' || out.length >= 4) continue;
    const t = (await post('/api/resource/topic/get', { id: row.id, subAct: 'a' })).answer?.data;
    const sent = await post('/api/resource/topic/transition', {
      id: row.id,
      action: 'submit',
      version: t?.version,
      subAct: 'a',
    });
    if (!sent.answer?.flag) continue;
    const back = (await post('/api/resource/topic/get', { id: row.id, subAct: 'a' })).answer?.data;
    const undone = await post('/api/resource/topic/transition', {
      id: row.id,
      action: 'revoke',
      version: back?.version,
      subAct: 'a',
    });
    if (undone.answer?.flag) out.push(row.id);
  }
  return out;
}

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}
