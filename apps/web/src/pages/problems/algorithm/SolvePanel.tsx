import { useEffect, useRef, useState } from 'react';
import { Button, Popconfirm, Select, Space, Tabs, Tooltip } from 'antd';
import { SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { EDITOR_THEMES, LANGUAGES, type EditorTheme, type Language } from '../../../lib/contract';
import { setProblemLast, submitCode } from '../../../api/problems';
import CodeEditor, { type AceDelta } from '../../../components/CodeEditor';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { usePageActive } from '../../../router/KeepAlive';
import { notify } from '../../../lib/notify';
import {
  defaultTemplate,
  loadCode,
  loadLanguage,
  loadTheme,
  saveCode,
  saveLanguage,
  saveTheme,
  viewState,
} from './codeStore';
import { useFollowedSubmission } from './useFollowedSubmission';
import CustomTestPanel from './CustomTestPanel';
import LiveResult from './LiveResult';
import MySubmissions from './MySubmissions';
import { aceEditorIn, insertSnippet } from './aceHost';
import { recorderFor, sendWithReplay } from './replayRecorder';
import SnippetMenu from './SnippetMenu';

/** Editor, language and theme switches, 自测 / 评测结果 / 我的提交 tabs, and submit with live progress. */
export default function SolvePanel({ problemId }: { problemId: number }) {
  const view = viewState(problemId);
  const active = usePageActive();
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>(loadLanguage);
  const [theme, setTheme] = useState<EditorTheme>(loadTheme);
  const [code, setCode] = useState(() => loadCode(problemId, language));
  const codeRef = useRef(code);
  codeRef.current = code;
  const panelRef = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState(view.tab);
  const [customInput, setCustomInput] = useState(view.customInput);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    view.tab = tab;
    view.customInput = customInput;
  }, [view, tab, customInput]);

  // Remember the last-entered problem (and its language) for the signed-in user.
  useEffect(() => {
    if (isLoggedIn(user)) void setProblemLast(problemId, language).catch(() => undefined);
  }, [problemId, language, user]);

  // Shown again after being kept hidden: Ace measured nothing while hidden, so it lays out again.
  useEffect(() => {
    if (!active) return;
    for (const el of panelRef.current?.querySelectorAll('.ace_editor') ?? []) aceEditorIn(el)?.resize(true);
  }, [active]);

  // The latest submission is followed while the page is on screen, verdict and rejudges included.
  const { progress, follow } = useFollowedSubmission(`problem:${problemId}`, active, () => {
    void queryClient.invalidateQueries({ queryKey: ['problems'] });
  });

  // Code replay: every change is recorded (Ace's deltas; a reset or a language switch as a replacement).
  const recorder = () => recorderFor(problemId, language, codeRef.current);
  useEffect(() => void recorderFor(problemId, language, codeRef.current), [problemId, language]);

  const changeCode = (v: string, delta?: AceDelta) => {
    const r = recorder();
    if (delta) r.ace(delta, v);
    else r.sync(v);
    codeRef.current = v;
    setCode(v);
    saveCode(problemId, language, v);
  };
  const changeLanguage = (l: Language) => {
    const next = loadCode(problemId, l);
    recorderFor(problemId, l, next).sync(next);
    setLanguage(l);
    saveLanguage(l);
    setCode(next);
  };
  const changeTheme = (t: EditorTheme) => {
    setTheme(t);
    saveTheme(t);
  };

  const submit = async () => {
    if (!isLoggedIn(user)) {
      // The code is in localStorage already (saved on every change): it is there after the login.
      saveCode(problemId, language, codeRef.current);
      navigate(`/user/login?reason=submit&redirect=${encodeURIComponent(location.pathname)}`);
      return;
    }
    setSubmitting(true);
    try {
      const code = codeRef.current;
      const { submission_id } = await sendWithReplay(recorder(), code, (replay, silent) =>
        submitCode(problemId, language, code, replay, silent),
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
          onChange={changeLanguage}
          style={{ width: 130 }}
          options={LANGUAGES.map((l) => ({ value: l, label: l }))}
          data-testid="language-select"
        />
        <Select<EditorTheme>
          value={theme}
          onChange={changeTheme}
          style={{ width: 170 }}
          options={EDITOR_THEMES.map((t) => ({ value: t, label: `主题：${t}` }))}
          data-testid="theme-select"
        />
        <Popconfirm
          title="恢复为默认模板？当前代码会被替换。"
          okText="恢复"
          cancelText="取消"
          onConfirm={() => changeCode(defaultTemplate(language))}
        >
          <Tooltip title="恢复默认模板">
            <Button icon={<UndoOutlined />}>重置代码</Button>
          </Tooltip>
        </Popconfirm>
        {language === 'C++' && <SnippetMenu onInsert={(text) => insertSnippet(panelRef.current, text)} />}
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={submitting}
          onClick={() => void submit()}
          data-testid="submit"
        >
          提交评测
        </Button>
      </Space>
      <CodeEditor value={code} onChange={changeCode} language={language} theme={theme} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'test',
            label: '自测',
            children: isLoggedIn(user) ? (
              <CustomTestPanel
                problemId={problemId}
                language={language}
                code={() => codeRef.current}
                onRun={() => recorder().mark('r')}
                input={customInput}
                onInput={setCustomInput}
              />
            ) : (
              <span>
                <Link to={`/user/login?reason=custom-test&redirect=${encodeURIComponent(location.pathname)}`}>登录</Link>
                后可以运行自测。
              </span>
            ),
          },
          {
            key: 'result',
            label: '评测结果',
            children: <LiveResult progress={progress} problemId={problemId} />,
          },
          { key: 'mine', label: '我的提交', children: <MySubmissions problemId={problemId} /> },
        ]}
      />
    </div>
  );
}
