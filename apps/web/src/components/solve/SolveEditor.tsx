import { Button, Popconfirm, Select, Space, Tabs, Tooltip, Typography, type TabsProps } from 'antd';
import { SendOutlined, UndoOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { EDITOR_THEMES, LANGUAGES, type EditorTheme, type Language } from '../../lib/contract';
import CodeEditor from '../CodeEditor';
import CustomTestPanel from './CustomTestPanel';
import LiveResult, { type RecordLink } from './LiveResult';
import SnippetMenu from './SnippetMenu';
import type { SolveEditorState } from './useSolveEditor';

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
  moreTabs?: TabsProps['items'];
}

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
}: Props) {
  const { language, test } = solve;
  return (
    <div className="oj-solve-panel" ref={solve.panelRef}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select<Language>
          value={language}
          onChange={solve.changeLanguage}
          style={{ width: 130 }}
          options={LANGUAGES.map((l) => ({ value: l, label: l }))}
          data-testid="language-select"
        />
        <Select<EditorTheme>
          value={solve.theme}
          onChange={solve.changeTheme}
          style={{ width: 170 }}
          options={EDITOR_THEMES.map((t) => ({ value: t, label: `主题：${t}` }))}
          data-testid="theme-select"
        />
        {resettable && (
          <Popconfirm
            title="恢复为默认模板？当前代码会被替换。"
            okText="恢复"
            cancelText="取消"
            onConfirm={solve.resetCode}
          >
            <Tooltip title="恢复默认模板">
              <Button icon={<UndoOutlined />}>重置代码</Button>
            </Tooltip>
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
        {!canSubmit && blockedReason && <Typography.Text type="secondary">{blockedReason}</Typography.Text>}
      </Space>
      <CodeEditor value={solve.code} onChange={solve.changeCode} language={language} theme={solve.theme} />
      <Tabs
        activeKey={solve.tab}
        onChange={solve.setTab}
        items={[
          {
            key: 'test',
            label: <span data-testid="tab-custom-test">自测</span>,
            children: solve.loggedIn ? (
              <CustomTestPanel
                input={test.input}
                onInput={test.setInput}
                onRun={() => void test.run()}
                running={test.running}
                result={test.result}
              />
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
            children: <LiveResult progress={solve.progress} problemId={solve.problemId} recordLink={recordLink} />,
          },
          ...moreTabs,
        ]}
      />
    </div>
  );
}
