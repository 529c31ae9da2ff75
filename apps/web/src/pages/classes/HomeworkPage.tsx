import { Suspense, useState } from 'react';
import { Spin, Table, Tabs } from 'antd';
import Card from '../../components/plain/Card';
import Popconfirm from '../../components/plain/Popconfirm';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import { Tag } from '../../components/plain/Tag';
import { Link, useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import type { HomeworkCell, HomeworkDetail, HomeworkMatrix } from '../../lib/contract';
import {
  deleteHomework,
  homeworkExportUrl,
  useHomeworkDetail,
  useHomeworkMatrix,
  useRefreshHomework,
} from '../../api/homework';
import { ApiError } from '../../api/errors';
import { notify } from '../../lib/notify';
import HomeworkInsight from './HomeworkInsight';
import { timeLeft } from './HomeworkList';
import './classes.css';
import { lazyScoped } from '../../lib/antdScope';

// The editor (antd Form, Modal, DatePicker, Select): for those who manage it, when they click 编辑.
const HomeworkEditor = lazyScoped(() => import('./HomeworkParts'));

const fmt = (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm');

/** A student's view: each problem with its status and points. */
function StudentProblems({ d }: { d: HomeworkDetail }) {
  return (
    <Table
      rowKey={(p) => `${p.kind}:${p.problem_id}`}
      size="small"
      pagination={false}
      dataSource={d.problems}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: '题目',
          key: 'name',
          render: (_, p) =>
            p.kind === 'math408' ? (
              <Link to={`/problems/math408/${p.problem_id}`} data-testid="homework-question-link">
                <Tag color="purple">数学/408</Tag>
                {`${p.problem_id} ${p.chinese_name}`}
              </Link>
            ) : (
              <Link to={`/problems/${p.problem_id}`}>{`${p.problem_id} ${p.chinese_name}`}</Link>
            ),
        },
        {
          title: '状态',
          key: 'status',
          render: (_, p) =>
            p.accepted ? (
              <Tag color={p.late ? 'orange' : 'green'}>
                {p.kind === 'math408' ? (p.late ? '迟交答对' : '已答对') : p.late ? '迟交通过' : '已通过'}
              </Tag>
            ) : p.attempts ? (
              <Tag color="red">尝试过</Tag>
            ) : (
              <Tag>未提交</Tag>
            ),
        },
        { title: '提交次数', dataIndex: 'attempts' },
        { title: '得分', dataIndex: 'score' },
      ]}
    />
  );
}

function cellText(c: HomeworkCell): string {
  if (!c.attempts) return '—';
  return `${c.accepted ? '✓' : '✗'} ${c.best_score} (${c.attempts})${c.late ? ' 迟' : ''}`;
}

/** The completion matrix (teachers, TAs): scrolls inside its own box; each cell opens the records. */
function Matrix({ m }: { m: HomeworkMatrix }) {
  return (
    <div
      className="homework-matrix"
      data-testid="homework-matrix"
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table
        rowKey="user_id"
        size="small"
        pagination={false}
        dataSource={m.students}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '学生', dataIndex: 'username', fixed: 'left' },
          { title: '通过', dataIndex: 'solved', sorter: (a, b) => a.solved - b.solved },
          {
            title: '总分',
            dataIndex: 'score',
            sorter: (a, b) => a.score - b.score,
            defaultSortOrder: 'descend',
          },
          ...m.problems.map((p, i) => ({
            title: (
              <span title={p.chinese_name}>
                {p.kind === 'math408' ? `数学/408 ${p.problem_id}` : p.problem_id}
              </span>
            ),
            key: `${p.kind}${p.problem_id}`,
            render: (_: unknown, s: HomeworkMatrix['students'][number]) => {
              const c = s.cells[i];
              const color = c.accepted
                ? c.late
                  ? '#d46b08'
                  : '#389e0d'
                : c.attempts
                  ? '#cf1322'
                  : undefined;
              const shown = c.first_accepted ? `首次答对 ${fmt(c.first_accepted)}` : undefined;
              // A question's answers are the student's own (no records page to open): the cell is text.
              if (p.kind === 'math408')
                return (
                  <span title={shown} style={{ color }}>
                    {cellText(c)}
                  </span>
                );
              return (
                <Link
                  to={`/records?problem_id=${p.problem_id}&uuid=${s.user_id}`}
                  title={c.first_accepted ? `首次通过 ${fmt(c.first_accepted)}` : undefined}
                  style={{
                    color: c.accepted ? (c.late ? '#d46b08' : '#389e0d') : c.attempts ? '#cf1322' : undefined,
                  }}
                >
                  {cellText(c)}
                </Link>
              );
            },
          })),
        ]}
      />
    </div>
  );
}

/** /class/homework/:homeworkId: a student's progress, or for its managers the completion matrix. */
export default function HomeworkPage() {
  const id = Number(useParams().homeworkId);
  const detail = useHomeworkDetail(Number.isInteger(id) ? id : 0);
  const manage = detail.data?.manage ?? false;
  const matrix = useHomeworkMatrix(id, manage);
  const [editing, setEditing] = useState(false);
  const refresh = useRefreshHomework();
  const navigate = useNavigate();
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (detail.error || !detail.data) {
    const forbidden = detail.error instanceof ApiError && detail.error.httpStatus === 403;
    return (
      <Result status={forbidden ? '403' : '404'} title={forbidden ? '没有权限查看该作业' : '作业不存在'} />
    );
  }
  const d = detail.data;
  const remove = async () => {
    try {
      await deleteHomework(d.homework_id);
      notify.success('作业已删除');
      void refresh();
      navigate(`/class/${d.class_ids[0]}`);
    } catch {
      // The server's message was shown.
    }
  };
  return (
    <div className="class-page" data-testid="homework-page">
      <div className="class-head">
        <h2 style={{ overflowWrap: 'anywhere' }}>{d.title}</h2>
      </div>
      <div className="class-meta" style={{ marginBottom: 8 }}>
        {d.classes.map((c) => (
          <Link key={c.class_id} to={`/class/${c.class_id}`} style={{ marginRight: 8 }}>
            {c.name}
          </Link>
        ))}
        开始 {fmt(d.start_time)} · 截止 {fmt(d.deadline)}
        {d.late_end && ` · 补交截止 ${fmt(d.late_end)}（得分 × ${d.late_factor}）`} · <Tag>{timeLeft(d)}</Tag>
      </div>
      {d.description && <p className="class-announcement">{d.description}</p>}
      {d.progress && (
        <Card size="small" style={{ marginBottom: 12 }} data-testid="homework-my-progress">
          完成 {d.progress.solved}/{d.progress.total} · 得分 {d.progress.score}
        </Card>
      )}
      {manage ? (
        <Card
          size="small"
          title="完成情况与学情"
          extra={
            <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Button href={homeworkExportUrl(d.homework_id)} data-testid="homework-export">
                导出 Excel
              </Button>
              <Button onClick={() => setEditing(true)}>修改</Button>
              <Popconfirm
                title="删除这个作业？"
                okText="删除"
                cancelText="取消"
                onConfirm={() => void remove()}
              >
                <Button danger>删除</Button>
              </Popconfirm>
            </span>
          }
        >
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'matrix',
                label: '完成情况',
                children: matrix.data ? <Matrix m={matrix.data} /> : <Spin />,
              },
              { key: 'insight', label: '学情分析', children: <HomeworkInsight homeworkId={d.homework_id} /> },
            ]}
          />
        </Card>
      ) : (
        <StudentProblems d={d} />
      )}
      {manage && editing && (
        <Suspense fallback={null}>
          <HomeworkEditor
            open
            onClose={() => setEditing(false)}
            classId={d.class_ids[0]}
            homeworkId={d.homework_id}
          />
        </Suspense>
      )}
    </div>
  );
}
