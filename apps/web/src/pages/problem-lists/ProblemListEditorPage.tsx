import { useEffect, useState } from 'react';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import Skeleton from '../../components/plain/Skeleton';
import Switch from '../../components/plain/Switch';
import Segmented from '../../components/plain/Segmented';
import { TextInput, onPressEnter } from '../../components/plain/Form';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { PROBLEM_LIST_LIMITS } from '@oj/shared/api/problem-list-rules';
import { getProblem } from '../../api/problems';
import { createList, modifyList, problemListKeys, useListDetail } from '../../api/problem-lists';
import { useInvalidate } from '../../api/query';
import { MarkdownView } from '../../components/MarkdownView';
import { notify } from '../../lib/notify';
import './problem-lists.css';

interface Row {
  problem_id: number;
  chinese_name: string;
  note: string;
}

/**
 * /problem-list/new and /problem-list/{id}/edit: title, markdown description, public or private,
 * and the problems in order (added by number, moved up or down, each with a note). Saving writes
 * the whole list; problems the owner can no longer see stay in it on the server.
 */
export default function ProblemListEditorPage() {
  const param = useParams().listId;
  const id = param === undefined ? 0 : Number(param);
  const navigate = useNavigate();
  const existing = useListDetail(id);
  const refresh = useInvalidate(problemListKeys.all);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [addingText, setAddingText] = useState('');
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const l = existing.data;
    if (!l) return;
    setTitle(l.title);
    setDescription(l.description);
    setPublic(l.public);
    setRows(l.items.map((i) => ({ problem_id: i.problem_id, chinese_name: i.chinese_name, note: i.note })));
  }, [existing.data]);

  if (id && (existing.isError || (existing.data && !existing.data.mine)))
    return (
      <div className="oj-plist-page oj-panel">
        <Result status="403" title="只能编辑自己的题单" />
      </div>
    );
  if (id && !existing.data)
    return (
      <div className="oj-plist-page oj-panel">
        <Skeleton active />
      </div>
    );

  const add = async () => {
    const adding = Number(addingText);
    if (!addingText.trim() || !Number.isInteger(adding) || adding < 1) return;
    if (rows.some((r) => r.problem_id === adding)) return notify.error(`题目 ${adding} 已在题单中`);
    if (rows.length >= PROBLEM_LIST_LIMITS.itemsMax)
      return notify.error(`一个题单最多 ${PROBLEM_LIST_LIMITS.itemsMax} 道题目`);
    try {
      const p = await getProblem(adding);
      setRows((rs) => [...rs, { problem_id: p.problem_id, chinese_name: p.chinese_name, note: '' }]);
      setAddingText('');
    } catch {
      // toasted by the client (题目不存在)
    }
  };
  const move = (i: number, by: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  const save = async () => {
    const body = {
      title,
      description,
      public: isPublic,
      items: rows.map((r) => ({ problem_id: r.problem_id, note: r.note })),
    };
    setSaving(true);
    try {
      const listId = id ? (await modifyList(id, body), id) : (await createList(body)).list_id;
      notify.success('题单已保存');
      await refresh();
      navigate(`/problem-list/${listId}`);
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="oj-plist-page oj-panel" data-testid="list-editor">
      <div className="oj-plist-head">
        <h3>{id ? '编辑题单' : '新建题单'}</h3>
        <div className="oj-plist-actions">
          <span>
            公开 <Switch checked={isPublic} onChange={setPublic} data-testid="list-public" />
          </span>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="list-save">
            保存
          </Button>
        </div>
      </div>
      <TextInput
        value={title}
        maxLength={PROBLEM_LIST_LIMITS.titleMax}
        placeholder="题单标题"
        aria-label="题单标题"
        onChange={(e) => setTitle(e.target.value)}
        data-testid="list-title-input"
      />
      <div className="oj-plist-view">
        <Segmented
          aria-label="简介或预览"
          value={view}
          options={[
            { label: '简介', value: 'edit' },
            { label: '预览', value: 'preview' },
          ]}
          onChange={setView}
        />
      </div>
      {view === 'edit' ? (
        <textarea
          className="oj-input oj-textarea oj-textarea-grows"
          rows={3}
          value={description}
          maxLength={PROBLEM_LIST_LIMITS.descriptionMax}
          placeholder="题单简介（支持 Markdown）"
          aria-label="题单简介"
          onChange={(e) => setDescription(e.target.value)}
        />
      ) : (
        <MarkdownView text={description || '（暂无简介）'} />
      )}
      <div className="oj-plist-add">
        <input
          className="oj-input oj-plist-add-id"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={addingText}
          placeholder="题目编号"
          aria-label="题目编号"
          onChange={(e) => setAddingText(e.target.value)}
          onKeyDown={onPressEnter(() => void add())}
          data-testid="add-problem-id"
        />
        <Button onClick={() => void add()} data-testid="add-problem">
          添加题目
        </Button>
      </div>
      {rows.map((r, i) => (
        <div key={r.problem_id} className="oj-plist-editor-row" data-testid="editor-row">
          <span className="oj-plist-editor-name">
            {i + 1}. {r.problem_id} {r.chinese_name}
          </span>
          <input
            className="oj-input oj-plist-editor-note"
            value={r.note}
            maxLength={PROBLEM_LIST_LIMITS.noteMax}
            placeholder="备注（可选）"
            aria-label={`题目 ${r.problem_id} 的备注`}
            onChange={(e) =>
              setRows((rs) => rs.map((x, k) => (k === i ? { ...x, note: e.target.value } : x)))
            }
          />
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label="上移"
            disabled={i === 0}
            onClick={() => move(i, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label="下移"
            disabled={i === rows.length - 1}
            onClick={() => move(i, 1)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label="移除"
            onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}
          />
        </div>
      ))}
    </div>
  );
}
