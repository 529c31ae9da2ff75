import { List, Spin } from 'antd';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { Link } from 'react-router';
import type { ClassSummary, MyStatus } from '../../lib/contract';
import { useClassProblems } from '../../api/class-problems';
import DifficultyTag from '../../components/DifficultyTag';

const STATUS: Record<MyStatus, { label: string; color: string } | null> = {
  solved: { label: '已通过', color: 'green' },
  tried: { label: '尝试过', color: 'orange' },
  none: null,
};

/**
 * 题目 (issue 27 part 3; docs/classes.md 班级题目): the class's own problems, private to its members,
 * each linking to the problem page with the viewer's status; a teacher writes new ones with the
 * management site's editor.
 */
export default function ClassProblems({ c }: { c: ClassSummary }) {
  const list = useClassProblems(c.class_id);
  return (
    <>
      {list.data?.can_create && (
        <Button
          type="primary"
          href={`/admin/problems/new?class_id=${c.class_id}`}
          style={{ marginBottom: 12 }}
          data-testid="class-problem-create"
        >
          新建班级题目
        </Button>
      )}
      {list.isLoading ? (
        <Spin />
      ) : !list.data?.records.length ? (
        <Empty description="还没有班级题目" />
      ) : (
        <List
          dataSource={list.data.records}
          renderItem={(p) => (
            <List.Item data-testid="class-problem-item">
              <div style={{ width: '100%', minWidth: 0 }}>
                <Link
                  to={`/problems/algorithm/${p.problem_id}`}
                  style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid={`class-problem-link-${p.problem_id}`}
                >
                  {p.problem_id} {p.chinese_name}
                </Link>
                <div className="class-meta" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
                  <DifficultyTag difficulty={p.difficulty} />
                  {STATUS[p.status] && (
                    <Tag color={STATUS[p.status]!.color} data-testid="class-problem-status">
                      {STATUS[p.status]!.label}
                    </Tag>
                  )}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
