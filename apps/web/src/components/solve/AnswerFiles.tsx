import Card from '../plain/Card';
import { Typography } from '../plain/Typography';
import type { SubmissionRecord } from '../../lib/contract';

type AnswerFile = NonNullable<SubmissionRecord['answer_files']>[number];

/**
 * An output-only record's answers: which tests got a file, its size, and (author, admins) its text,
 * each opened on its own (`<details>`: antd's Collapse was 9 KB of this page for the same list).
 */
export default function AnswerFiles({ files }: { files: AnswerFile[] }) {
  return (
    <Card title="提交的答案文件" size="small" style={{ marginTop: 16 }} data-testid="record-answers">
      {files.length === 0 ? (
        <Typography.Text type="secondary">没有答案文件</Typography.Text>
      ) : (
        <div className="oj-answer-files">
          {files.map((f) => {
            const label = `${f.test}.out · ${f.size} B`;
            // Without its text (another's record) a file is a line that does not open.
            return f.content === null ? (
              <div key={f.test} className="oj-answer-file oj-answer-file-closed">
                {label}
              </div>
            ) : (
              <details key={f.test} className="oj-answer-file">
                <summary>{label}</summary>
                <pre className="oj-pre">{f.content}</pre>
              </details>
            );
          })}
        </div>
      )}
    </Card>
  );
}
