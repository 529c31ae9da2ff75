import type { CSSProperties } from 'react';
import DataTable from './DataTable';
import Progress from './plain/Progress';
import type { SolvedBreakdown } from '../lib/contract';
import DifficultyTag from './DifficultyTag';

/** solved/total with a small bar. */
const ratio = (solved: number, total: number) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
    <Progress
      percent={total ? Math.round((solved / total) * 100) : 0}
      showInfo={false}
      size="small"
      style={{ width: 80, margin: 0 }}
    />
    <span style={{ whiteSpace: 'nowrap' }}>
      {solved}/{total}
    </span>
  </span>
);

/** Solved / total by difficulty (a student's page in a class, a user card's 练习情况). */
export function SolvedByDifficulty({ b, emptyText }: { b: SolvedBreakdown; emptyText?: string }) {
  return (
    <DataTable
      rowKey="difficulty"
      size="small"
      rows={b.by_difficulty}
      empty={emptyText}
      columns={[
        { title: '难度', key: 'd', render: (_, r) => <DifficultyTag difficulty={r.difficulty} /> },
        { title: '已解决', key: 's', render: (_, r) => ratio(r.solved, r.total) },
      ]}
    />
  );
}

/** Solved / total by tag, ten a page, sortable by solved. */
export function SolvedByTag({ b, style }: { b: SolvedBreakdown; style?: CSSProperties }) {
  return (
    <div style={style}>
      <DataTable
        rowKey="tag_id"
        size="small"
        rows={b.by_tag}
        pagination={{ pageSize: 10, hideOnSinglePage: true, unit: '个标签' }}
        empty="没有带标签的题目"
        columns={[
          { title: '标签', dataIndex: 'tag_name' },
          {
            title: '已解决',
            key: 's',
            sorter: (x, y) => x.solved - y.solved,
            render: (_, r) => ratio(r.solved, r.total),
          },
        ]}
      />
    </div>
  );
}
