import { Alert, Button, Descriptions, Input, Space } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { CustomTestResult } from '../../lib/contract';
import VerdictTag from '../VerdictTag';
import { formatMemory, formatTime } from '../verdicts';

interface Props {
  input: string;
  onInput: (v: string) => void;
  onRun: () => void;
  running: boolean;
  result: CustomTestResult | null;
}

/** 自测: run the code on the user's own input (`judge/test`, run by useSolveEditor); nothing is recorded. */
export default function CustomTestPanel({ input, onInput, onRun, running, result }: Props) {
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
        <Button
          icon={<PlayCircleOutlined />}
          onClick={onRun}
          loading={running}
          data-testid="run-test"
        >
          运行自测
        </Button>
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
