import { useEffect, useMemo, useState } from 'react';
import Button from '../../components/plain/Button';
import { Tag } from '../../components/plain/Tag';
import { ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGES, VERDICTS, type RecordRow, type RecordsQuery } from '../../lib/contract';
import { useRecords } from '../../api/problems';
import VerdictTag from '../../components/VerdictTag';
import RatingName from '../../components/rating/RatingName';
import { formatMemory, formatTime, VERDICT_STYLE } from '../../components/verdicts';
import { useUserStore } from '../../stores/user';
import RecordScore from '../../components/solve/RecordScore';
import { languageText } from '../../components/solve/score';
import { recordsQueryFromParams, paramsFromRecordsQuery, RECORDS_PAGE_SIZE } from './query';
import './records.css';
import { useNarrow } from '../../lib/useNarrow';
import { pinColumns } from '../../lib/pinColumns';
import DataTable, { type DataColumn } from '../../components/DataTable';
import Panel from '../../components/Panel';
import KeywordInput from '../../components/KeywordInput';
import { NativeSelect } from '../../components/NativeSelect';

/** Where a record opens: a contest's record under its contest, the others under their problem. */
const recordPath = (r: RecordRow) =>
  r.competition_id !== null
    ? `/competition/${r.competition_id}/records/${r.submission_id}`
    : `/problems/${r.problem_id}/records/${r.submission_id}`;

/**
 * /records (评测记录): everyone's submissions, newest first, filtered by problem, user, language and
 * verdict (kept in the address). The server applies the record list's rules: hidden problems'
 * records are left out, a verdict behind a frozen scoreboard shows as pending, and no code is in a
 * row; the record page shows the code only to its author and admins.
 */
export default function RecordsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => recordsQueryFromParams(params), [params]);
  const { data, isFetching, refetch } = useRecords(query);
  const loggedIn = useUserStore((s) => s.user.uuid !== -1);
  const narrow = useNarrow();
  const [user, setUser] = useState(query.user ?? '');
  useEffect(() => setUser(query.user ?? ''), [query.user]);
  // The box's own text (a half-typed or cleared number stays as typed); the address holds the filter.
  const [problemText, setProblemText] = useState(query.problem_id?.toString() ?? '');
  useEffect(() => setProblemText(query.problem_id?.toString() ?? ''), [query.problem_id]);

  /** A filter change starts again at page 1. */
  const update = (patch: Partial<RecordsQuery>, keepPage = false) =>
    setParams(paramsFromRecordsQuery({ ...query, ...patch, pageNum: keepPage ? patch.pageNum : 1 }));

  return (
    <div className="oj-container oj-records" data-testid="records-page">
      <Panel
        title="评测记录"
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={isFetching}
            onClick={() => void refetch()}
            aria-label="刷新"
            title="刷新"
          />
        }
      >
        <div className="oj-records-filters" data-testid="records-filters">
          <input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className="oj-input oj-records-problem"
            placeholder="题号"
            value={problemText}
            onChange={(e) => {
              setProblemText(e.target.value);
              const id = Number(e.target.value);
              if (e.target.value === '') update({ problem_id: undefined });
              else if (Number.isInteger(id) && id >= 1) update({ problem_id: id });
            }}
            aria-label="题号"
            data-testid="filter-problem"
          />
          <KeywordInput
            placeholder="用户（账号或昵称）"
            value={user}
            onChange={setUser}
            onSearch={(v) => update({ user: v.trim() || undefined, uuid: undefined })}
            width={220}
            data-testid="filter-user"
          />
          <NativeSelect
            placeholder="语言"
            clearLabel="全部语言"
            value={query.language}
            onChange={(v) => update({ language: v })}
            onClear={() => update({ language: undefined })}
            options={LANGUAGES.map((l) => ({ value: l, label: l }))}
            style={{ width: 130 }}
            aria-label="语言"
            data-testid="filter-language"
          />
          <NativeSelect
            placeholder="评测结果"
            clearLabel="全部结果"
            value={query.status}
            onChange={(v) => update({ status: v })}
            onClear={() => update({ status: undefined })}
            options={VERDICTS.map((v) => ({ value: v, label: `${v} · ${VERDICT_STYLE[v].name}` }))}
            style={{ width: 190 }}
            aria-label="评测结果"
            data-testid="filter-status"
          />
          {query.uuid !== undefined && (
            <Tag
              closable
              closeLabel="取消只看此用户"
              onClose={() => update({ uuid: undefined })}
              data-testid="filter-uuid"
            >
              只看用户 {data?.records.find((r) => r.uuid === query.uuid)?.username ?? `#${query.uuid}`}
            </Tag>
          )}
          {(query.problem_id || query.user || query.uuid || query.language || query.status) && (
            <Button onClick={() => setParams({})}>清除筛选</Button>
          )}
        </div>
        <DataTable<RecordRow>
          rowKey="submission_id"
          size="small"
          loading={isFetching && !data}
          rows={data?.records ?? []}
          minWidth={1160}
          data-testid="records-table"
          empty="没有符合条件的评测记录"
          pagination={{
            current: query.pageNum ?? 1,
            pageSize: RECORDS_PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: (pageNum) => update({ pageNum }, true),
          }}
          columns={pinColumns<DataColumn<RecordRow>>(
            [
              {
                title: '编号',
                dataIndex: 'submission_id',
                width: 90,
                render: (id: number, r) =>
                  loggedIn ? (
                    <Link to={recordPath(r)}>#{id}</Link>
                  ) : (
                    <span title="登录后可查看记录详情">#{id}</span>
                  ),
              },
              {
                title: '题目',
                key: 'problem',
                width: 220,
                render: (_: unknown, r) => (
                  <span className="oj-records-cell">
                    <Link to={`/problems/algorithm/${r.problem_id}`}>
                      {r.problem_id}. {r.problem_name}
                    </Link>
                    {r.competition_id !== null && (
                      <span className="oj-secondary-small">
                        {/* Issue 26 part 2: a virtual run's or a practice try (after the end). */}
                        {r.contest_mode === 'virtual'
                          ? '（虚拟参赛）'
                          : r.contest_mode === 'practice'
                            ? '（比赛练习）'
                            : '（比赛）'}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                title: '用户',
                key: 'user',
                width: 200,
                render: (_: unknown, r) => (
                  <span className="oj-records-cell">
                    <RatingName name={r.username} rating={r.rating} rated={r.rated} />
                    <Button
                      type="link"
                      size="small"
                      title="只看此用户"
                      onClick={() => update({ uuid: r.uuid, user: undefined })}
                      aria-label={`只看 ${r.username} 的记录`}
                    >
                      筛选
                    </Button>
                  </span>
                ),
              },
              {
                title: '结果',
                dataIndex: 'status',
                width: 90,
                render: (s: string, r) => (
                  <span title={r.frozen ? '封榜中：结果在揭榜后公布' : undefined}>
                    <VerdictTag status={s} /> <RecordScore row={r} />
                  </span>
                ),
              },
              {
                title: '语言',
                dataIndex: 'language',
                width: 120,
                // C / C++: the standard and O2 switch it was judged with (C++20 · O2).
                render: (l: RecordRow['language'], r) => languageText(l, r.options),
              },
              { title: '用时', dataIndex: 'time_used', width: 90, render: formatTime },
              { title: '内存', dataIndex: 'memory_used', width: 100, render: formatMemory },
              { title: '代码长度', dataIndex: 'code_length', width: 90, render: (n: number) => `${n} B` },
              {
                title: '提交时间',
                dataIndex: 'create_time',
                width: 170,
                render: (t: string) => new Date(t).toLocaleString('zh-CN'),
              },
            ],
            // A phone keeps the number and the verdict in view; the rest scrolls.
            ['submission_id', 'status'],
            narrow,
            { submission_id: 72, status: 96 },
          )}
        />
      </Panel>
    </div>
  );
}
