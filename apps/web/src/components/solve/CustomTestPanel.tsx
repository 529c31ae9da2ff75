import { Alert, Descriptions, Input, Space } from 'antd';
import Button from '../plain/Button';
import { Tag } from '../plain/Tag';
import { PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CustomTestResult } from '../../lib/contract';
import type { SampleRun } from './sampleRuns';
import VerdictTag from '../VerdictTag';
import { formatMemory, formatTime } from '../verdicts';

interface Props {
  input: string;
  onInput: (v: string) => void;
  onRun: () => void;
  running: boolean;
  result: CustomTestResult | null;
  /** How many samples the problem has (运行全部样例 needs one). */
  sampleCount?: number;
  onRunSamples?: () => void;
  runningSamples?: boolean;
  sampleResults?: SampleRun[] | null;
}

/** One sample's line of 运行全部样例: 通过, or 未通过 with what was expected and what was printed. */
function SampleLine({ run }: { run: SampleRun }) {
  const r = run.result;
  return (
    <div data-testid="sample-result" className="oj-sample-result">
      <Space wrap size={6}>
        <span>样例 #{run.index + 1}</span>
        {run.passed ? <Tag color="success">通过</Tag> : <Tag color="error">未通过</Tag>}
        {r && <VerdictTag status={r.status} />}
        {r && <span>{formatTime(r.time_used)}</span>}
      </Space>
      {!run.passed && r && (
        <div className="oj-sample-diff">
          <div className="oj-sample-head">期望输出</div>
          <pre className="oj-pre">{run.expected || '（空）'}</pre>
          <div className="oj-sample-head">实际输出</div>
          <pre className="oj-pre">{r.compile_message || r.output || '（无输出）'}</pre>
        </div>
      )}
    </div>
  );
}

/** 自测: run the code on the user's own input (`judge/test`, run by useSolveEditor); nothing is recorded. */
export default function CustomTestPanel({
  input,
  onInput,
  onRun,
  running,
  result,
  sampleCount = 0,
  onRunSamples,
  runningSamples = false,
  sampleResults,
}: Props) {
  return (
    <div data-testid="custom-test">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          rows={4}
          value={input}
          onChange={(e) => onInput(e.target.value)}
          placeholder="在这里输入自测数据"
          className="oj-mono"
          data-testid="custom-input"
        />
        <Space wrap>
          <Button icon={<PlayCircleOutlined />} onClick={onRun} loading={running} data-testid="run-test">
            运行自测
          </Button>
          {sampleCount > 0 && onRunSamples && (
            <Button
              icon={<UnorderedListOutlined />}
              onClick={onRunSamples}
              loading={runningSamples}
              data-testid="run-samples"
            >
              运行全部样例
            </Button>
          )}
        </Space>
        {sampleResults && (
          <div data-testid="sample-results">
            {sampleResults.map((run) => (
              <SampleLine key={run.index} run={run} />
            ))}
          </div>
        )}
        {result && (
          <div data-testid="custom-result">
            <Descriptions size="small" column={{ xs: 2, sm: 3 }}>
              <Descriptions.Item label="状态">
                <VerdictTag status={result.status} full />
              </Descriptions.Item>
              <Descriptions.Item label="用时">{formatTime(result.time_used)}</Descriptions.Item>
              <Descriptions.Item label="内存">{formatMemory(result.memory_used)}</Descriptions.Item>
            </Descriptions>
            {result.compile_message && (
              <Alert
                type="warning"
                message="编译信息"
                description={<pre className="oj-pre">{result.compile_message}</pre>}
              />
            )}
            <div className="oj-sample-head">输出</div>
            <pre className="oj-pre" data-testid="custom-output">
              {result.output || '（无输出）'}
            </pre>
            {result.stderr && (
              <>
                <div className="oj-sample-head">标准错误</div>
                <pre className="oj-pre">{result.stderr}</pre>
              </>
            )}
            {result.message && <Alert type="info" message={result.message} />}
          </div>
        )}
      </Space>
    </div>
  );
}
