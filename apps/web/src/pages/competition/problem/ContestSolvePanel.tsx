import { useEffect, useRef, useState } from 'react';
import { Button, Select, Space, Tabs, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EDITOR_THEMES, LANGUAGES, type EditorTheme, type Language } from '../../../lib/contract';
import { competitionKeys, submitContestCode } from '../../../api/competitions';
import CodeEditor, { type AceDelta } from '../../../components/CodeEditor';
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
import CustomTestPanel from '../../problems/algorithm/CustomTestPanel';
import { insertSnippet } from '../../problems/algorithm/aceHost';
import { recorderFor, sendWithReplay } from '../../problems/algorithm/replayRecorder';
import SnippetMenu from '../../problems/algorithm/SnippetMenu';

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
  const [tab, setTab] = useState('result');
  const [customInput, setCustomInput] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  // Code replay, as on the bank's page (the same recorder: the same code store).
  const recorder = () => recorderFor(problemId, language, codeRef.current);
  useEffect(() => void recorderFor(problemId, language, codeRef.current), [problemId, language]);
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
      const code = codeRef.current;
      const { submission_id } = await sendWithReplay(recorder(), code, (replay, silent) =>
        submitContestCode(
          { competition_id: competitionId, index, problem_id: problemId },
          language,
          code,
          replay,
          silent,
        ),
      );
      notify.success('已提交，正在评测');
      follow(submission_id);
      setTab('result');
    } catch {
      // toast shown by the client
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="oj-solve-panel" ref={panelRef}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select<Language>
          value={language}
          onChange={(l) => {
            const next = loadCode(problemId, l);
            recorderFor(problemId, l, next).sync(next);
            setLanguage(l);
            saveLanguage(l);
            setCode(next);
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
          style={{ width: 170 }}
          data-testid="theme-select"
          options={EDITOR_THEMES.map((t) => ({ value: t, label: `主题：${t}` }))}
        />
        {language === 'C++' && <SnippetMenu onInsert={(text) => insertSnippet(panelRef.current, text)} />}
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
        onChange={(v: string, delta?: AceDelta) => {
          const r = recorder();
          if (delta) r.ace(delta, v);
          else r.sync(v);
          codeRef.current = v;
          setCode(v);
          saveCode(problemId, language, v);
        }}
        language={language}
        theme={theme}
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'test',
            label: <span data-testid="tab-custom-test">自测</span>,
            // The bank's custom test: runs on the user's input, nothing is recorded or counted.
            children: (
              <CustomTestPanel
                problemId={problemId}
                language={language}
                code={() => codeRef.current}
                input={customInput}
                onInput={setCustomInput}
                onRun={() => recorder().mark('r')}
              />
            ),
          },
          {
            key: 'result',
            label: '评测结果',
            children: (
              <LiveResult
                progress={progress}
                problemId={problemId}
                recordLink={{
                  href: (id) => `/competition/${competitionId}/records/${id}`,
                  label: '在比赛中查看提交记录',
                  testId: 'contest-record-link',
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
