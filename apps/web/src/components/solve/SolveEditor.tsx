import { Suspense, useEffect, type ReactNode } from 'react';
import Popconfirm from '../plain/Popconfirm';
import Button from '../plain/Button';
import Skeleton from '../plain/Skeleton';
import Tabs, { type TabItem } from '../plain/Tabs';
import Tip from '../../layout/Tip';
import { NativeSelect } from '../NativeSelect';
import '../problem.css';
import { SendOutlined, UndoOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { EDITOR_THEMES, type EditorTheme, type Language, type ProblemJudgingView } from '../../lib/contract';
import CodeEditor from '../CodeEditor';
import LanguageOptionsPicker from './LanguageOptionsPicker';
import type { RecordLink } from './LiveResult';
import SnippetMenu from './SnippetMenu';
import type { SolveEditorState } from './useSolveEditor';
import { lazyScoped } from '../../lib/antdScope';

interface Props {
  solve: SolveEditorState;
  /** 重置代码 (back to the language's template) beside the theme switch. */
  resettable?: boolean;
  /** False when the page may not submit now (a contest not started or not joined), with why. */
  canSubmit?: boolean;
  blockedReason?: string;
  /** Where the live result links to (the bank's record page by default). */
  recordLink?: RecordLink;
  /** Tabs after 自测 and 评测结果 (the bank's 我的提交). */
  moreTabs?: TabItem[];
  /** How the problem is judged: output-only problems upload answers; grader problems take C / C++. */
  judging?: ProblemJudgingView | null;
  /** Output-only: how many tests the answer grid shows. */
  testCount?: number;
}

// The panels under the editor load when first shown, not with the page: on a slow link their antd
// parts (input, progress, collapse, upload) would delay the statement and the editor.
const AnswerUpload = lazyScoped(() => import('./AnswerUpload'));
const CustomTestPanel = lazyScoped(() => import('./CustomTestPanel'));
const LiveResult = lazyScoped(() => import('./LiveResult'));

const later = (node: ReactNode) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>{node}</Suspense>
);

/** A grader is compiled with the submission: only C and C++ can be. */
const GRADER_LANGUAGES: readonly Language[] = ['C++', 'C'];

/**
 * The editor side of a solving page: language and theme switches, snippets (C++), submit, the Ace
 * editor, and the 自测 / 评测结果 tabs, all driven by useSolveEditor. The pages only say what they
 * add around it.
 */
export default function SolveEditor({
  solve,
  resettable = false,
  canSubmit = true,
  blockedReason,
  recordLink,
  moreTabs = [],
  judging,
  testCount = 0,
}: Props) {
  const { language, test } = solve;
  // What the site and the problem offer (issue 25), and of those only C and C++ with a grader.
  const languages = judging?.grader
    ? GRADER_LANGUAGES.filter((l) => solve.offered.includes(l))
    : solve.offered;
  const { changeLanguage } = solve;
  const mustSwitch = !languages.includes(language);
  // A grader problem opened with another language: C++ instead (the code of each language is kept);
  // a language the problem does not take: its first one.
  useEffect(() => {
    if (mustSwitch) changeLanguage(languages[0] ?? 'C++');
  }, [mustSwitch, changeLanguage, languages]);
  if (judging?.type === 'output-only')
    return (
      <div className="oj-solve-panel" ref={solve.panelRef}>
        {later(
          <AnswerUpload
            testCount={testCount}
            submitting={solve.submitting}
            canSubmit={canSubmit}
            blockedReason={blockedReason}
            onSubmit={(answers) => void solve.submitAnswers(answers)}
          />,
        )}
        <Tabs
          aria-label="评测"
          activeKey={solve.tab === 'test' ? 'result' : solve.tab}
          onChange={solve.setTab}
          items={[
            {
              key: 'result',
              label: '评测结果',
              children: later(
                <LiveResult progress={solve.progress} problemId={solve.problemId} recordLink={recordLink} />,
              ),
            },
            ...moreTabs,
          ]}
        />
      </div>
    );
  return (
    <div className="oj-solve-panel" ref={solve.panelRef}>
      <div className="oj-solve-tools">
        <NativeSelect<Language>
          value={language}
          onChange={solve.changeLanguage}
          style={{ width: 130 }}
          options={languages.map((l) => ({ value: l, label: l }))}
          aria-label="语言"
          data-testid="language-select"
        />
        {judging?.grader && !languages.includes(language) && (
          <span className="oj-text-danger" data-testid="grader-language-note">
            本题只支持 C / C++ 提交
          </span>
        )}
        <LanguageOptionsPicker language={language} options={solve.options} onChange={solve.changeOptions} />
        <NativeSelect<EditorTheme>
          value={solve.theme}
          onChange={solve.changeTheme}
          style={{ width: 170 }}
          options={EDITOR_THEMES.map((t) => ({ value: t, label: `主题：${t}` }))}
          aria-label="编辑器主题"
          data-testid="theme-select"
        />
        {resettable && (
          <Popconfirm
            title="恢复为默认模板？当前代码会被替换。"
            okText="恢复"
            cancelText="取消"
            onConfirm={solve.resetCode}
          >
            <Tip title="恢复默认模板">
              <Button icon={<UndoOutlined />}>重置代码</Button>
            </Tip>
          </Popconfirm>
        )}
        {language === 'C++' && <SnippetMenu onInsert={solve.insertSnippet} />}
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={solve.submitting}
          disabled={!canSubmit}
          onClick={() => void solve.submit()}
          data-testid="submit"
        >
          提交评测
        </Button>
        {!canSubmit && blockedReason && <span className="oj-text-secondary">{blockedReason}</span>}
      </div>
      <CodeEditor
        loadWhenUsed
        value={solve.code}
        onChange={solve.changeCode}
        language={language}
        theme={solve.theme}
      />
      <Tabs
        aria-label="自测与评测"
        activeKey={solve.tab}
        onChange={solve.setTab}
        items={[
          {
            key: 'test',
            label: <span data-testid="tab-custom-test">自测</span>,
            children: solve.loggedIn ? (
              later(
                <CustomTestPanel
                  input={test.input}
                  onInput={test.setInput}
                  onRun={() => void test.run()}
                  running={test.running}
                  result={test.result}
                  sampleCount={test.sampleCount}
                  onRunSamples={() => void test.runSamples()}
                  runningSamples={test.runningSamples}
                  sampleResults={test.sampleResults}
                />,
              )
            ) : (
              <span>
                <Link to={solve.loginFor('custom-test')}>登录</Link>
                后可以运行自测。
              </span>
            ),
          },
          {
            key: 'result',
            label: '评测结果',
            children: later(
              <LiveResult progress={solve.progress} problemId={solve.problemId} recordLink={recordLink} />,
            ),
          },
          ...moreTabs,
        ]}
      />
    </div>
  );
}
