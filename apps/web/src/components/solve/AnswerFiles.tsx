import { Collapse } from 'antd';
import Card from '../plain/Card';
import { Typography } from '../plain/Typography';
import type { SubmissionRecord } from '../../lib/contract';

type AnswerFile = NonNullable<SubmissionRecord['answer_files']>[number];

/** An output-only record's answers: which tests got a file, its size, and (author, admins) its text. */
export default function AnswerFiles({ files }: { files: AnswerFile[] }) {
  return (
    <Card title="提交的答案文件" size="small" style={{ marginTop: 16 }} data-testid="record-answers">
      {files.length === 0 ? (
        <Typography.Text type="secondary">没有答案文件</Typography.Text>
      ) : (
        <Collapse
          size="small"
          items={files.map((f) => ({
            key: f.test,
            label: `${f.test}.out · ${f.size} B`,
            collapsible: f.content === null ? ('disabled' as const) : undefined,
            children: <pre className="oj-pre">{f.content}</pre>,
          }))}
        />
      )}
    </Card>
  );
}
