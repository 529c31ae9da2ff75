import { useRef, useState } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EDITOR_THEMES, LANGUAGES, type EditorTheme, type Language } from '../../../lib/contract';
import { competitionKeys, submitContestCode } from '../../../api/competitions';
import CodeEditor from '../../../components/CodeEditor';
import { notify } from '../../../lib/notify';
import {
  loadCode,
  loadLanguage,
  loadTheme,
  saveCode,
  saveLanguage,
  saveTheme,
} from '../../problems/algorithm/codeStore';
import { useFollowedSubmission } from '../../problems/algorithm/useFollowedSubmission';
import { usePageActive } from '../../../router/KeepAlive';
import LiveResult from '../../problems/algorithm/LiveResult';

interface Props {
  competitionId: number;
  index: number;
  problemId: number;
  /** False before the start (unless previewing) or when the caller may not submit. */
  canSubmit: boolean;
  blockedReason?: string;
}

/**
 * The solving page's editor for a contest problem: the bank's editor, code store and live result,
 * but the submission carries `competition_id` and `index` so it counts for the ranking.
 */
export default function ContestSolvePanel({
  competitionId,
  index,
  problemId,
  canSubmit,
  blockedReason,
}: Props) {
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>(loadLanguage);
  const [theme, setTheme] = useState<EditorTheme>(loadTheme);
  const [code, setCode] = useState(() => loadCode(problemId, language));
  const codeRef = useRef(code);
  codeRef.current = code;
  const [submitting, setSubmitting] = useState(false);
  // The latest submission is followed like the bank's (verdict and rejudges), so a rejudge in the
  // contest shows here and the problem list and scoreboard reload with its verdict.
  const { progress, follow } = useFollowedSubmission(
    `contest:${competitionId}:${index}`,
    usePageActive(),
    () => {
      void queryClient.invalidateQueries({ queryKey: competitionKeys.all });
    },
  );

  const submit = async () => {
    setSubmitting(true);
    try {
      const { submission_id } = await submitContestCode(
        { competition_id: competitionId, index, problem_id: problemId },
        language,
        codeRef.current,
      );
      notify.success('已提交，正在评测');
      follow(submission_id);
    } catch {
      // toast shown by the client
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="oj-solve-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select<Language>
          value={language}
          onChange={(l) => {
            setLanguage(l);
            saveLanguage(l);
            setCode(loadCode(problemId, l));
          }}
          style={{ width: 130 }}
          options={LANGUAGES.map((l) => ({ value: l, label: l }))}
          data-testid="language-select"
        />
        <Select<EditorTheme>
          value={theme}
          onChange={(t) => {
            setTheme(t);
            saveTheme(t);
          }}
          style={{ width: 130 }}
          options={EDITOR_THEMES.map((t) => ({ value: t, label: `主题：${t}` }))}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={submitting}
          disabled={!canSubmit}
          onClick={() => void submit()}
          data-testid="submit"
        >
          提交评测
        </Button>
        {!canSubmit && blockedReason && <Typography.Text type="secondary">{blockedReason}</Typography.Text>}
      </Space>
      <CodeEditor
        value={code}
        onChange={(v) => {
          setCode(v);
          saveCode(problemId, language, v);
        }}
        language={language}
        theme={theme}
      />
      <div style={{ marginTop: 12 }}>
        <LiveResult
          progress={progress}
          problemId={problemId}
          recordLink={{
            href: (id) => `/competition/${competitionId}/records/${id}`,
            label: '在比赛中查看提交记录',
            testId: 'contest-record-link',
          }}
        />
      </div>
    </div>
  );
}
