import { Suspense, useState } from 'react';
import { Alert, Button, Empty, InputNumber, Modal, Progress, Skeleton, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { runSimilarity, useRefreshSimilarity, useSimilarityPairs } from '../../../api/similarity';
import type { SimilarityPair } from '../../../lib/contract';
import { notify } from '../../../lib/notify';
import { lazyScoped } from '../../../lib/antdScope';

// The side-by-side view is only needed when a pair is opened.
const SimilarityCompare = lazyScoped(() => import('./SimilarityCompare'));

const pct = (x: number) => Math.round(x * 100);

/** 代码查重: a contest's pairs of programs ranked by similarity; a pair opens side by side. */
export default function SimilarityAdminPage() {
  const [params, setParams] = useSearchParams();
  const contestId = Number(params.get('competition_id')) || 0;
  const [draft, setDraft] = useState<number | null>(contestId || null);
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<SimilarityPair | null>(null);
  const [running, setRunning] = useState(false);
  const page = useSimilarityPairs(contestId, pageNum);
  const refresh = useRefreshSimilarity();
  const run = async () => {
    setRunning(true);
    try {
      const r = await runSimilarity(contestId);
      notify.success(`检测完成：${r.submissions} 份代码，${r.pairs} 对相似`);
      await refresh(contestId);
    } catch {
      // toasted by the client
    } finally {
      setRunning(false);
    }
  };
  const r = page.data?.run;
  return (
    <div data-testid="admin-similarity">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>比赛编号</span>
        <InputNumber min={1} value={draft} onChange={(v) => setDraft(typeof v === 'number' ? v : null)} onPressEnter={() => draft && setParams({ competition_id: String(draft) })} />
        <Button onClick={() => draft && (setPageNum(1), setParams({ competition_id: String(draft) }))}>查看</Button>
        <Button type="primary" disabled={!contestId} loading={running} onClick={run}>
          重新检测
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        比赛结束后自动检测一次：每人每题取比赛中最后一次通过的代码（没有通过则取最后一次提交），去掉注释和空白、抽象变量名和常量后按指纹比较。
      </Typography.Paragraph>
      {contestId > 0 && r && (
        <Alert
          style={{ marginBottom: 12 }}
          type={r.status === 'failed' ? 'error' : r.status === 'running' ? 'info' : 'success'}
          message={
            r.status === 'running'
              ? '正在检测…'
              : r.status === 'failed'
                ? `检测失败：${r.error}`
                : `${dayjs(r.finished_time).format('YYYY-MM-DD HH:mm:ss')} 检测完成：${r.submissions} 份代码，${r.pairs} 对相似，用时 ${r.duration_ms} 毫秒`
          }
        />
      )}
      {contestId > 0 && !page.isLoading && !r && <Alert style={{ marginBottom: 12 }} type="info" message="该比赛还没有检测过，点击「重新检测」开始" />}
      {contestId > 0 ? (
        <Table
          rowKey="id"
          size="small"
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="没有相似的代码" /> }}
          pagination={{ current: pageNum, pageSize: page.data?.pageSize ?? 20, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
          columns={[
            { title: '题目', dataIndex: 'problem_name', width: 60 },
            {
              title: '相似度',
              dataIndex: 'score',
              width: 160,
              render: (s: number) => <Progress percent={pct(s)} size="small" status={s >= 0.8 ? 'exception' : 'normal'} />,
            },
            { title: '用户一', render: (_: unknown, p: SimilarityPair) => `${p.left.user.username}（${pct(p.left.share)}%）` },
            { title: '用户二', render: (_: unknown, p: SimilarityPair) => `${p.right.user.username}（${pct(p.right.share)}%）` },
            { title: '语言', dataIndex: 'language', width: 90 },
            {
              title: '操作',
              width: 80,
              render: (_: unknown, p: SimilarityPair) => (
                <Button size="small" type="link" onClick={() => setOpen(p)} data-testid="similarity-open">
                  对照
                </Button>
              ),
            },
          ]}
        />
      ) : (
        <Empty description="输入比赛编号查看代码相似度" />
      )}
      <Modal open={open !== null} onCancel={() => setOpen(null)} footer={null} width="min(1400px, 96vw)" title={open ? `题目 ${open.problem_name}：相似度 ${pct(open.score)}%` : ''} destroyOnHidden>
        {open && (
          <Suspense fallback={<Skeleton active />}>
            <SimilarityCompare pairId={open.id} />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}
