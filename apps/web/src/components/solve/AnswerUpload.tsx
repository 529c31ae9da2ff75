import { useState } from 'react';
import { Alert, Space, Upload } from 'antd';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import { Tag } from '../plain/Tag';
import { DeleteOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { answersFromFiles, type PickedAnswer } from './answers';

/** The answers' size limit of the contract (AnswersRequest: 1 MiB of UTF-8 in all). */
const ANSWERS_MAX_BYTES = 1 << 20;

/**
 * The editor area of an output-only (提交答案) problem: pick answer files (1.out, 2.out … or a zip
 * of them); each goes to the test its name numbers; the grid shows which tests have a file.
 */
export default function AnswerUpload({
  testCount,
  submitting,
  canSubmit,
  blockedReason,
  onSubmit,
}: {
  testCount: number;
  submitting: boolean;
  canSubmit: boolean;
  blockedReason?: string;
  onSubmit: (answers: { test: number; content: string }[]) => void;
}) {
  const [answers, setAnswers] = useState<ReadonlyMap<number, PickedAnswer>>(new Map());
  const [note, setNote] = useState<string | null>(null);
  const bytes = [...answers.values()].reduce((n, a) => n + new TextEncoder().encode(a.content).length, 0);
  const tooBig = bytes > ANSWERS_MAX_BYTES;
  const tests = Array.from({ length: Math.max(testCount, ...answers.keys(), 0) }, (_, i) => i + 1);

  const pick = async (files: File[]) => {
    try {
      const got = await answersFromFiles(
        files.map((f) => ({ name: f.name, bytes: async () => new Uint8Array(await f.arrayBuffer()) })),
      );
      setAnswers((old) => {
        const next = new Map(old);
        for (const a of got.answers) next.set(a.test, a);
        return next;
      });
      const beyond = testCount > 0 ? got.answers.filter((a) => a.test > testCount).map((a) => a.from) : [];
      const parts = [
        got.skipped.length ? `文件名中没有测试点编号，已忽略：${got.skipped.join('、')}` : '',
        beyond.length ? `本题只有 ${testCount} 个测试点，多出的文件不会得分：${beyond.join('、')}` : '',
      ].filter(Boolean);
      setNote(parts.length ? parts.join('；') : null);
    } catch (e) {
      setNote(e instanceof Error ? e.message : '读取文件失败');
    }
  };

  return (
    <div data-testid="answer-upload">
      <Space wrap style={{ marginBottom: 8 }}>
        <Upload
          multiple
          showUploadList={false}
          accept=".out,.txt,.ans,.zip"
          beforeUpload={(file, list) => {
            // Called once per file with the whole list: read the list once, on its first file.
            if (file === list[0]) void pick(list);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="answer-pick">
            选择答案文件
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={submitting}
          disabled={!canSubmit || answers.size === 0 || tooBig}
          onClick={() =>
            onSubmit(
              [...answers.values()]
                .sort((a, b) => a.test - b.test)
                .map(({ test, content }) => ({ test, content })),
            )
          }
          data-testid="submit-answers"
        >
          提交答案
        </Button>
        {answers.size > 0 && (
          <Button icon={<DeleteOutlined />} onClick={() => setAnswers(new Map())}>
            清空
          </Button>
        )}
        {!canSubmit && blockedReason && <Typography.Text type="secondary">{blockedReason}</Typography.Text>}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        每个测试点一个文件，文件名中的数字即测试点编号（如 1.out、2.out），也可以把它们打包成一个 zip
        上传；没有文件的测试点判为答案错误。
      </Typography.Paragraph>
      {note && (
        <Alert type="warning" showIcon message={note} style={{ marginBottom: 8 }} data-testid="answer-note" />
      )}
      {tooBig && (
        <Alert type="error" showIcon message="答案文件总大小不能超过 1 MiB" style={{ marginBottom: 8 }} />
      )}
      <div data-testid="answer-grid" style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {tests.map((t) => {
          const a = answers.get(t);
          return (
            <Tag
              key={t}
              color={a ? 'green' : undefined}
              data-testid="answer-slot"
              data-test={t}
              data-filled={a ? 'yes' : 'no'}
              title={a ? `${a.from}（${a.content.length} 字符）` : '还没有文件'}
            >
              测试点 {t}：{a ? '已选择' : '未上传'}
            </Tag>
          );
        })}
      </div>
    </div>
  );
}
