import { useEffect, useMemo, useState } from 'react';
import Card from '../../../components/plain/Card';
import Result from '../../../components/plain/Result';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import { SendOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  POST_CATEGORY_LABELS,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  type PostCategory,
} from '../../../lib/contract';
import { addPost, getPost, modifyPost, useRefreshPosts } from '../../../api/forum';
import { MarkdownView } from '../../../components/MarkdownView';
import TagsInput from '../../../components/TagsInput';
import { TextInput } from '../../../components/plain/Form';
import { notify } from '../../../lib/notify';
import '../../../components/forum/posts.css';

interface Draft {
  title: string;
  content: string;
  tags: string[];
}
const EMPTY: Draft = { title: '', content: '', tags: [] };

function categoryOf(pathname: string): PostCategory {
  if (pathname.startsWith('/discussion')) return 'discussion';
  if (pathname.startsWith('/requirements')) return 'requirement';
  return pathname.includes('/solution/') ? 'solution' : 'answer';
}

function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<Draft>) } : null;
  } catch {
    return null;
  }
}

/**
 * The markdown editor with live preview: /posts/:problemId/solution/add, /posts/:problemId/answer/add,
 * /discussion/add and /requirements/add; `?edit=<post_id>` edits that post. A new post's draft is
 * kept in localStorage until it is posted.
 */
export default function PostEditorPage() {
  const { problemId: problemParam } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshPosts = useRefreshPosts();
  const category = categoryOf(pathname);
  const editId = Number(params.get('edit')) || 0;
  const problemId = category === 'solution' || category === 'answer' ? Number(problemParam) : null;
  const draftKey = `oj-post-draft:${category}:${problemId ?? 0}`;
  const [draft, setDraft] = useState<Draft>(() => (editId ? EMPTY : (readDraft(draftKey) ?? EMPTY)));
  const [loaded, setLoaded] = useState(!editId);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editId) return;
    getPost(editId).then(
      (p) => {
        setDraft({ title: p.title, content: p.content, tags: p.tags });
        setLoaded(true);
      },
      () => setLoaded(true),
    );
  }, [editId]);
  useEffect(() => {
    if (!editId && (draft.title || draft.content)) localStorage.setItem(draftKey, JSON.stringify(draft));
  }, [draft, draftKey, editId]);
  const preview = useMemo(() => draft.content, [draft.content]);

  if (problemId !== null && !(Number.isInteger(problemId) && problemId > 0))
    return <Result status="404" title="题目不存在" />;

  const label = POST_CATEGORY_LABELS[category];
  async function submit() {
    if (!draft.title.trim()) return notify.warning('标题不能为空');
    if (!draft.content.trim()) return notify.warning('内容不能为空');
    setBusy(true);
    try {
      const body = {
        title: draft.title.trim(),
        content: draft.content,
        category,
        problem_id: problemId,
        tags: draft.tags,
      };
      let id = editId;
      if (editId) await modifyPost({ ...body, post_id: editId });
      else {
        id = (await addPost(body)).post_id;
        localStorage.removeItem(draftKey);
      }
      notify.success(editId ? '修改成功' : '发布成功');
      await refreshPosts();
      navigate(`/posts/${id}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="oj-posts-page" data-testid="post-editor">
      <Card
        title={`${editId ? '编辑' : '发布'}${label}${problemId ? ` · 题目 ${problemId}` : ''}`}
        loading={!loaded}
        extra={
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy}
            onClick={() => void submit()}
            data-testid="editor-submit"
          >
            {editId ? '保存' : '发布'}
          </Button>
        }
      >
        <div className="oj-editor-form">
          <TextInput
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            placeholder="标题"
            aria-label="标题"
            maxLength={POST_TITLE_MAX}
            showCount
            data-testid="editor-title"
          />
          <TagsInput
            value={draft.tags}
            onChange={(tags) => setDraft({ ...draft, tags: tags.slice(0, 5) })}
            placeholder="标签（可选，最多 5 个，回车添加）"
            data-testid="editor-tags"
          />
          <div className="oj-editor">
            <textarea
              className="oj-input oj-textarea"
              value={draft.content}
              onChange={(e) => setDraft({ ...draft, content: e.target.value })}
              placeholder={'正文，支持 Markdown 与 $\\LaTeX$ 公式，代码块用 ``` 包围'}
              aria-label="正文"
              maxLength={POST_CONTENT_MAX}
              data-testid="editor-content"
            />
            <div className="oj-editor-preview" data-testid="editor-preview">
              {preview.trim() ? (
                <MarkdownView text={preview} />
              ) : (
                <Typography.Text type="secondary">预览</Typography.Text>
              )}
            </div>
          </div>
          {!editId && <Typography.Text type="secondary">草稿会自动保存在本机，发布后清除。</Typography.Text>}
        </div>
      </Card>
    </div>
  );
}
