import Anchor from '../../components/plain/Anchor';
import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import { Tag } from '../../components/plain/Tag';
import { CopyOutlined } from '@ant-design/icons';
import { CPP_SNIPPET_GUIDE } from '@oj/shared/data/cpp-snippet-guide';
import { CPP_SNIPPETS, type CppSnippet } from '@oj/shared/data/cpp-snippets';
import { CodeView } from '../../components/CodeView';
import { notify } from '../../lib/notify';
import './snippets.css';

const ANCHOR_ITEMS = CPP_SNIPPETS.map((s) => ({ key: s.key, href: `#snippet-${s.key}`, title: s.title }));

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('已复制到剪贴板');
  } catch {
    notify.error('复制失败：浏览器不允许访问剪贴板，请手动选择代码复制');
  }
}

/**
 * /snippets: the C++ snippet library (SPEC §9) with what each is for, its complexity, the code
 * (highlighted, with a copy button) and a usage example with its output. The same snippets are in
 * the solving page's 插入代码片段 menu; every example is run through the judge by the test suite.
 */
export default function SnippetsPage() {
  return (
    <div className="oj-container oj-snippets" data-testid="snippets-page">
      <div className="oj-panel oj-snippets-intro">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          C++ 代码片段库
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          竞赛常用模板：先用「万能头文件」，其余片段都可以直接粘贴在 main 之前。在题目页选择 C++
          后，编辑器上方的「插入代码片段」菜单会把片段插入到光标处。每段代码和下面的用法示例都经过评测机编译运行，输出与示例一致。
        </Typography.Paragraph>
      </div>
      <div className="oj-snippets-body">
        <nav className="oj-snippets-nav oj-panel" aria-label="片段目录">
          <Anchor offsetTop={72} items={ANCHOR_ITEMS} />
        </nav>
        <div className="oj-snippets-list">
          {CPP_SNIPPETS.map((s) => (
            <SnippetCard key={s.key} snippet={s} />
          ))}
        </div>
      </div>
    </div>
  );
}

function SnippetCard({ snippet }: { snippet: CppSnippet }) {
  const guide = CPP_SNIPPET_GUIDE[snippet.key];
  return (
    <Card
      id={`snippet-${snippet.key}`}
      className="oj-snippet-card"
      title={snippet.title}
      extra={
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() => void copy(snippet.code)}
          data-testid={`copy-${snippet.key}`}
        >
          复制
        </Button>
      }
      data-testid="snippet-card"
    >
      {guide && (
        <>
          <Typography.Paragraph>{guide.what}</Typography.Paragraph>
          <Typography.Paragraph>
            <Tag color="blue">复杂度</Tag>
            {guide.complexity}
          </Typography.Paragraph>
        </>
      )}
      <CodeView code={snippet.code} language="C++" />
      {guide && (
        <div className="oj-snippet-example">
          <Typography.Text strong>用法示例</Typography.Text>
          <CodeView code={guide.usage} language="C++" />
          <Typography.Text type="secondary">输出：</Typography.Text>
          <pre className="oj-pre oj-snippet-output">{guide.output}</pre>
        </div>
      )}
    </Card>
  );
}
