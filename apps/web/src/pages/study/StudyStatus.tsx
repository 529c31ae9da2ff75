import { Tag } from '../../components/plain/Tag';
import { CheckCircleOutlined, MinusCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { MyStatus } from '../../lib/contract';

/** The viewer's status of a plan's problem. */
export function StatusTag({ status }: { status: MyStatus }) {
  if (status === 'solved')
    return (
      <Tag color="success" icon={<CheckCircleOutlined />}>
        已通过
      </Tag>
    );
  if (status === 'tried')
    return (
      <Tag color="warning" icon={<ExclamationCircleOutlined />}>
        尝试过
      </Tag>
    );
  return <Tag icon={<MinusCircleOutlined />}>未完成</Tag>;
}

export const problemPath = (p: { kind: 'algorithm' | 'math408'; problem_id: number }) =>
  p.kind === 'algorithm' ? `/problems/algorithm/${p.problem_id}` : `/problems/math408/${p.problem_id}`;

export const percent = (solved: number, total: number) =>
  total === 0 ? 0 : Math.round((solved / total) * 100);
