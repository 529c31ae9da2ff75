import { Suspense, useMemo, useState } from 'react';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import Skeleton from '../../../components/plain/Skeleton';
import Switch from '../../../components/plain/Switch';
import { Tag, CheckableTag } from '../../../components/plain/Tag';
import KeywordInput from '../../../components/KeywordInput';
import { CheckCircleFilled, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AlgorithmQueryInput, BankRow, ProblemSource } from '../../../lib/contract';
import { useBank, useTagGroups } from '../../../api/problems';
import { useHideTags } from '../../../stores/hideTags';
import DifficultyTag from '../../../components/DifficultyTag';
import { DIFFICULTY_STYLE, SOURCE_NAMES } from '../../../components/verdicts';
import BankSidebar from './BankSidebar';
import Pager from '../../../components/Pager';
import TagPicker from './TagPicker';
import { bankQueryFromParams, paramsFromBankQuery } from './query';
import Tip from '../../../layout/Tip';
import FavouriteStar from '../../../components/FavouriteStar';
import '../../../components/problem.css';
import './bank.css';
import { lazyScoped } from '../../../lib/antdScope';

// The math/408 list (with antd's Table) loads only when its tab is chosen.
const Math408List = lazyScoped(() => import('./Math408List'));

function StatusIcon({ status }: { status: BankRow['my_status'] }) {
  if (status === 'solved')
    return (
      <Tip title="已通过">
        <CheckCircleFilled style={{ color: '#52c41a' }} data-status="solved" />
      </Tip>
    );
  if (status === 'tried')
    return (
      <Tip title="尝试过">
        <MinusCircleOutlined style={{ color: '#faad14' }} data-status="tried" />
      </Tip>
    );
  return <span data-status="none" />;
}

/**
 * /problems: the algorithm bank with filters kept in the address (SPEC §2), the daily problem and
 * the sums. Built from light parts (a plain table, checkable tags, CSS hints and columns instead of
 * antd's Tooltip, Space and Grid) to keep the first load small.
 */
export default function ProblemBankPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => bankQueryFromParams(params), [params]);
  const bankKind = params.get('bank') === 'math408' ? 'math408' : 'algorithm';
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const bank = useBank(query);
  const [hideTags, setHideTags] = useHideTags();
  const { data: groups = [] } = useTagGroups();
  const tagNames = useMemo(
    () => new Map(groups.flatMap((g) => g.tags.map((t) => [t.tag_id, t.tag_name] as const))),
    [groups],
  );
  const sources = (query.source_list ?? []) as ProblemSource[];

  /** Every filter change starts again at page 1 (SPEC §2). */
  const update = (patch: Partial<AlgorithmQueryInput>, keepPage = false) =>
    setParams(paramsFromBankQuery({ ...query, ...patch, pageNum: keepPage ? patch.pageNum : 1 }));

  const rows = bank.data?.records ?? [];
  const algorithm = (
    <>
      <div className="oj-bank-toolbar">
        <KeywordInput
          placeholder="搜索题号或题目名称"
          value={keyword}
          onChange={setKeyword}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          width={240}
          data-testid="bank-keyword"
        />
        <TagPicker
          value={query.tags_list as number[]}
          onChange={(t) => update({ tags_list: t })}
          names={tagNames}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setKeyword('');
            setParams({});
          }}
        >
          重置
        </Button>
        <label className="oj-hide-tags">
          <Switch
            size="small"
            checked={hideTags}
            onChange={(on) => void setHideTags(on)}
            data-testid="hide-tags"
          />
          <span>隐藏算法标签</span>
        </label>
      </div>
      <div className="oj-filter-row" data-testid="bank-difficulty">
        <span className="oj-filter-label">难度</span>
        <CheckableTag
          checked={query.difficulty === undefined}
          onChange={() => update({ difficulty: undefined })}
        >
          全部
        </CheckableTag>
        {DIFFICULTY_STYLE.map((s, i) => (
          <CheckableTag
            key={i}
            checked={query.difficulty === i}
            onChange={(on) => update({ difficulty: on ? i : undefined })}
          >
            {s.name}
          </CheckableTag>
        ))}
      </div>
      <div className="oj-filter-row" data-testid="bank-source">
        <span className="oj-filter-label">来源</span>
        {Object.entries(SOURCE_NAMES).map(([value, label]) => (
          <CheckableTag
            key={value}
            checked={sources.includes(value as ProblemSource)}
            onChange={(on) =>
              update({
                source_list: on ? [...sources, value as ProblemSource] : sources.filter((s) => s !== value),
              })
            }
          >
            {label}
          </CheckableTag>
        ))}
      </div>
      <table className={`oj-bank-table${bank.isFetching ? ' oj-loading' : ''}`}>
        <thead>
          <tr>
            <th style={{ width: 56, textAlign: 'center' }}>状态</th>
            <th>题目</th>
            {!hideTags && <th className="oj-col-wide">标签</th>}
            <th className="oj-col-wide" style={{ width: 100 }}>
              来源
            </th>
            <th style={{ width: 70 }}>难度</th>
            <th style={{ width: 90 }}>通过率</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.problem_id}>
              <td style={{ textAlign: 'center' }}>
                <StatusIcon status={r.my_status} />
              </td>
              <td>
                <Link to={`/problems/algorithm/${r.problem_id}`} data-testid="problem-link">
                  {r.problem_id}. {r.chinese_name}
                </Link>
                {!r.visible && <Tag style={{ marginLeft: 6 }}>隐藏</Tag>}
                <FavouriteStar problemId={r.problem_id} />
              </td>
              {!hideTags && (
                <td className="oj-col-wide">
                  {r.tags_list.slice(0, 3).map((id) => (
                    <Tag key={id} bordered={false}>
                      {tagNames.get(id) ?? `#${id}`}
                    </Tag>
                  ))}
                </td>
              )}
              <td className="oj-col-wide">{SOURCE_NAMES[r.source_name] ?? r.source_name}</td>
              <td>
                <DifficultyTag difficulty={r.difficulty} />
              </td>
              <td>
                <Tip title={`通过 ${r.accept_num} / 提交 ${r.submit_num}`}>
                  {(r.pass_rate * 100).toFixed(1)}%
                </Tip>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {bank.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {!bank.isPending && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的题目" />
      )}
      <Pager
        current={Number(query.pageNum ?? 1)}
        pageSize={Number(query.pageSize ?? 10)}
        total={bank.data?.total ?? 0}
        onChange={(pageNum) => update({ pageNum }, true)}
      />
    </>
  );

  return (
    <div className="oj-container oj-problems" data-testid="problem-bank">
      <div className="oj-bank-columns oj-links">
        <div className="oj-bank-main">
          <div className="oj-panel">
            <div className="oj-bank-kinds" role="tablist">
              <Button
                role="tab"
                type={bankKind === 'algorithm' ? 'primary' : 'text'}
                onClick={() => setParams({})}
              >
                算法题库
              </Button>
              <Button
                role="tab"
                type={bankKind === 'math408' ? 'primary' : 'text'}
                onClick={() => setParams({ bank: 'math408' })}
              >
                数学 / 408
              </Button>
              <Button role="tab" type="text" onClick={() => navigate('/records')} data-testid="records-tab">
                评测记录
              </Button>
            </div>
            {bankKind === 'algorithm' ? (
              algorithm
            ) : (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <Math408List />
              </Suspense>
            )}
          </div>
        </div>
        <aside className="oj-bank-side">
          <BankSidebar />
        </aside>
      </div>
    </div>
  );
}
