/**
 * Widget "PersonPicker": a list of people (user ids, kept as text) chosen by searching users,
 * experts, project leaders, or the leaders of topics by topic name. The server's person search
 * answers only whom the caller may see (POST person/search, person/names). Read-pretty lists names.
 */
import { connect, mapReadPretty } from '@formily/react';
import { Button, Empty, Select, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { meetingCalls, type PersonHit, type PersonKind } from '../../../../shared/contracts/meetings.js';
import { useRuntime } from '../../RuntimeContext.js';

type Kind = PersonKind;
const KINDS: { value: Kind; label: string }[] = [
  { value: 'expert', label: '评审专家' },
  { value: 'leader', label: '课题负责人' },
  { value: 'topic', label: '按课题选负责人' },
  { value: 'all', label: '全部用户' },
];

function asIds(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String).filter((v) => /^\d+$/.test(v)) : [];
}

/** Names of the chosen ids, fetched once per set of ids. */
function useNames(ids: string[]): Map<string, PersonHit> {
  const { dataProvider } = useRuntime();
  const [names, setNames] = useState<Map<string, PersonHit>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    const missing = ids.filter((id) => !names.has(id));
    if (!missing.length) return;
    let alive = true;
    dataProvider.moduleCall(meetingCalls.personNames, { ids: missing }).then(
      (hits) => {
        if (!alive || !hits) return;
        setNames((prev) => new Map([...prev, ...hits.map((h) => [h.userId, h] as const)]));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the ids whose names are looked up
  }, [key, dataProvider]);
  return names;
}

interface PickerProps {
  value?: unknown;
  onChange?: (v: string[]) => void;
  disabled?: boolean;
  /** What the empty list says, in the words of the page (e.g. 尚未选择参会人员 for a meeting). */
  emptyText?: string;
  /** The kinds of people offered (default all four); one kind hides the kind switch. */
  kinds?: Kind[];
}

function PersonPickerInput({ value, onChange, disabled, emptyText = '尚未选择人员', kinds }: PickerProps) {
  const { dataProvider } = useRuntime();
  const ids = asIds(value);
  const names = useNames(ids);
  const offered = KINDS.filter((k) => !kinds?.length || kinds.includes(k.value));
  const [kind, setKind] = useState<Kind>(
    offered.some((k) => k.value === 'expert') ? 'expert' : (offered[0]?.value ?? 'expert'),
  );
  const [hits, setHits] = useState<PersonHit[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const [known, setKnown] = useState<Map<string, PersonHit>>(new Map());

  const search = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    dataProvider
      .moduleCall(meetingCalls.personSearch, { kind, keyword: keyword.slice(0, 50) })
      .then(
        (r) => {
          if (mine === seq.current) setHits(r ?? []);
        },
        () => undefined,
      )
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  };
  // A new kind starts a fresh list; `search` is a new function each render.
  useEffect(() => {
    search('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new kind restarts the search
  }, [kind]);

  const add = (userId: string) => {
    const hit = hits.find((h) => h.userId === userId);
    if (hit) setKnown((prev) => new Map(prev).set(userId, hit));
    if (!ids.includes(userId)) onChange?.([...ids, userId]);
  };
  const remove = (userId: string) => onChange?.(ids.filter((id) => id !== userId));
  const person = (id: string) => known.get(id) ?? names.get(id);

  const options = useMemo(
    () =>
      hits.map((h) => ({
        value: h.userId,
        disabled: ids.includes(h.userId),
        label: `${h.name}（${[h.roleName, h.unit, h.topicName ? `课题：${h.topicName}` : ''].filter(Boolean).join('，')}）`,
      })),
    [hits, ids],
  );

  return (
    <div className="runtime-person-picker">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        {offered.length > 1 ? (
          <Select<Kind>
            value={kind}
            options={offered}
            onChange={setKind}
            style={{ width: 160 }}
            disabled={disabled}
            aria-label="人员类别"
          />
        ) : null}
        <Select
          showSearch
          value={null}
          placeholder="输入姓名、单位或课题名称搜索后选择"
          filterOption={false}
          loading={loading}
          options={options}
          onSearch={search}
          onChange={(v) => v && add(String(v))}
          disabled={disabled}
          notFoundContent={loading ? '搜索中…' : '无匹配人员'}
          style={{ flex: 1 }}
          aria-label="搜索人员"
          data-testid="person-search"
        />
      </Space.Compact>
      <Table<{ id: string }>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={ids.map((id) => ({ id }))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        columns={[
          { title: '姓名', key: 'name', width: 120, render: (_: unknown, r) => person(r.id)?.name ?? '…' },
          { title: '身份', key: 'role', width: 110, render: (_: unknown, r) => person(r.id)?.roleName ?? '' },
          { title: '单位', key: 'unit', render: (_: unknown, r) => person(r.id)?.unit ?? '' },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r) => (
              <Button type="link" size="small" danger disabled={disabled} onClick={() => remove(r.id)}>
                移除
              </Button>
            ),
          },
        ]}
      />
      <div className="runtime-person-count">已选择 {ids.length} 人</div>
    </div>
  );
}

function PersonPickerText({ value }: { value?: unknown }) {
  const ids = asIds(value);
  const names = useNames(ids);
  if (!ids.length) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {ids.map((id) => (
        <Tag key={id}>{names.get(id)?.name ?? '…'}</Tag>
      ))}
    </Space>
  );
}

export const PersonPicker = connect(PersonPickerInput, mapReadPretty(PersonPickerText));
