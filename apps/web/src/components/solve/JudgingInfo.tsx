import { Alert, Collapse, Space, Table } from 'antd';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import { DownloadOutlined } from '@ant-design/icons';
import type { JudgingFile, Problem } from '../../lib/contract';
import { formatTestRanges } from './testRanges';
import { formatPoints, fullScoreOf } from './score';

// What the statement says of how the problem is judged (issue 24): its type, file names, the
// grader's headers, the scoring.

function download(file: JudgingFile) {
  const url = URL.createObjectURL(new Blob([file.content], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  URL.revokeObjectURL(url);
}

/** The notes above the statement: file I/O, interaction, answers, grader. */
export function JudgingNotes({ problem }: { problem: Problem }) {
  const j = problem.judging;
  if (!j) return null;
  const headers = (j.grader?.files ?? []).filter((f) => f.content !== '');
  const hidden = (j.grader?.files ?? []).filter((f) => f.content === '');
  return (
    <Space
      direction="vertical"
      size={8}
      style={{ width: '100%', marginBottom: 12 }}
      data-testid="judging-notes"
    >
      {j.file_io && (
        <Alert
          type="info"
          showIcon
          data-testid="file-io-note"
          message={
            <>
              本题使用文件输入输出：从 <Typography.Text code>{j.file_io.input}</Typography.Text> 读入，输出到{' '}
              <Typography.Text code>{j.file_io.output}</Typography.Text>（标准输出将被忽略）
            </>
          }
        />
      )}
      {j.type === 'interactive' && (
        <Alert
          type="warning"
          showIcon
          data-testid="interactive-note"
          message="本题为交互题：你的程序与交互程序通过标准输入输出对话"
          description="每次输出后请立即刷新缓冲区（C/C++：fflush(stdout) 或 cout << endl / cout.flush()；Python：print(..., flush=True)；Java：System.out.flush()），否则双方会互相等待直到超时。"
        />
      )}
      {j.type === 'output-only' && (
        <Alert
          type="info"
          showIcon
          data-testid="output-only-note"
          message="本题为提交答案题：不需要提交程序，直接上传每个测试点的输出文件（1.out、2.out …，或把它们打包成一个 zip）"
        />
      )}
      {j.grader && (
        <Alert
          type="info"
          showIcon
          data-testid="grader-note"
          message={
            <>
              本题使用评测程序（grader），只支持 C / C++ 提交；你的代码将以{' '}
              <Typography.Text code>
                {j.grader.submission_name ?? 'main.cpp（C 语言为 main.c）'}
              </Typography.Text>{' '}
              {j.grader.includes_submission ? '为名被 grader 包含（#include）' : '为名与 grader 一起编译'}
              {hidden.length > 0 && `；grader 的源文件（${hidden.map((f) => f.name).join('、')}）不公开`}
            </>
          }
          description={
            headers.length > 0 && (
              <Collapse
                size="small"
                data-testid="grader-headers"
                items={headers.map((f) => ({
                  key: f.name,
                  label: f.name,
                  extra: (
                    <Button
                      size="small"
                      type="link"
                      icon={<DownloadOutlined />}
                      onClick={(e) => {
                        e.stopPropagation();
                        download(f);
                      }}
                    >
                      下载
                    </Button>
                  ),
                  children: <pre className="oj-pre">{f.content}</pre>,
                }))}
              />
            )
          }
        />
      )}
    </Space>
  );
}

/** 计分: the full score and, with subtasks, their tests and points. */
export function ScoringInfo({ problem }: { problem: Problem }) {
  const scoring = problem.judging?.scoring ?? null;
  const full = fullScoreOf(scoring, problem.test_case_num);
  if (!scoring || full === null) return null;
  const subtasks = scoring.subtasks ?? [];
  return (
    <div data-testid="scoring-info" style={{ margin: '12px 0' }}>
      <Typography.Title level={5}>计分</Typography.Title>
      <Typography.Paragraph>
        满分 <b data-testid="full-score">{formatPoints(full)}</b> 分，
        {subtasks.length > 0 ? '按子任务计分：' : '按测试点计分，答对部分测试点也能得分。'}
      </Typography.Paragraph>
      {subtasks.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="n"
          scroll={{ x: 'max-content' }}
          data-testid="statement-subtasks"
          dataSource={subtasks.map((s, i) => ({ ...s, n: i + 1 }))}
          columns={[
            { title: '子任务', dataIndex: 'n' },
            { title: '测试点', dataIndex: 'tests', render: (t: number[]) => formatTestRanges(t) },
            { title: '分值', dataIndex: 'points', render: formatPoints },
            {
              title: '计分',
              dataIndex: 'scoring',
              render: (s?: string) => (s === 'sum' ? '按测试点累加' : '取最低'),
            },
            {
              title: '依赖',
              dataIndex: 'dependencies',
              render: (d?: number[]) => (d?.length ? d.join('、') : '无'),
            },
          ]}
        />
      )}
    </div>
  );
}
