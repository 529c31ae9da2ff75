import Popconfirm from '../../components/plain/Popconfirm';
import Result from '../../components/plain/Result';
import Button from '../../components/plain/Button';
import Skeleton from '../../components/plain/Skeleton';
import { Tag } from '../../components/plain/Tag';
import { CopyOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import { copyList, deleteList, useFavouriteList, useListDetail } from '../../api/problem-lists';
import { useInvalidate } from '../../api/query';
import { problemListKeys } from '../../api/problem-lists';
import { MarkdownView } from '../../components/MarkdownView';
import { notify } from '../../lib/notify';
import { isLoggedIn, useUserStore } from '../../stores/user';
import ProgressBar from './ProgressBar';
import StatusMark from './StatusMark';
import './problem-lists.css';

/**
 * /problem-list/{id}: a list with the viewer's own progress. The server leaves out the problems the
 * viewer may not see; a private list of someone else answers 404 (shown as 不存在).
 */
export default function ProblemListDetailPage() {
  const id = Number(useParams().listId);
  const navigate = useNavigate();
  const { data: list, isPending, isError } = useListDetail(Number.isInteger(id) ? id : 0);
  const signedIn = isLoggedIn(useUserStore((s) => s.user));
  const favourite = useFavouriteList(id);
  const refresh = useInvalidate(problemListKeys.all);

  if (isError || !Number.isInteger(id))
    return (
      <div className="oj-plist-page oj-panel">
        <Result
          status="404"
          title="题单不存在"
          subTitle="这个题单不存在或未公开。"
          extra={<Button onClick={() => navigate('/problem-list')}>返回题单广场</Button>}
        />
      </div>
    );
  if (isPending || !list)
    return (
      <div className="oj-plist-page oj-panel">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const copy = async () => {
    try {
      const { list_id } = await copyList(id);
      notify.success('已复制到我的题单');
      await refresh();
      navigate(`/problem-list/${list_id}/edit`);
    } catch {
      // toasted by the client
    }
  };
  const remove = async () => {
    try {
      await deleteList(id);
      notify.success('题单已删除');
      await refresh();
      navigate('/problem-list/mine');
    } catch {
      // toasted by the client
    }
  };

  return (
    <div className="oj-plist-page oj-panel" data-testid="problem-list-detail">
      <div className="oj-plist-head">
        <h3 data-testid="list-title">
          {list.title} {!list.public && <Tag>私有</Tag>}
        </h3>
        {signedIn && (
          <div className="oj-plist-actions">
            <Button
              icon={list.favourited ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              loading={favourite.isPending}
              onClick={() => favourite.mutate(!list.favourited)}
              data-testid="favourite-list"
            >
              {list.favourited ? '已收藏' : '收藏'} {list.favourite_count}
            </Button>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              复制
            </Button>
            {list.mine && (
              <>
                <Link to={`/problem-list/${id}/edit`}>
                  <Button>编辑</Button>
                </Link>
                <Popconfirm
                  title="确定删除这个题单吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void remove()}
                >
                  <Button danger>删除</Button>
                </Popconfirm>
              </>
            )}
          </div>
        )}
      </div>
      <div className="oj-plist-card-meta">
        <Link to={`/user/space/${list.owner.uuid}`}>{list.owner.username}</Link>
        <span>更新于 {dayjs(list.update_time).format('YYYY-MM-DD HH:mm')}</span>
        {!signedIn && <span>登录后可以收藏题单并记录自己的进度</span>}
      </div>
      {list.description.trim() && (
        <div className="oj-plist-description">
          <MarkdownView text={list.description} html={list.description_html} />
        </div>
      )}
      <ProgressBar progress={list.progress} />
      {list.items.length === 0 ? (
        <Result status="info" title="题单里还没有题目" />
      ) : (
        <ol className="oj-plist-items">
          {list.items.map((it) => (
            <li key={it.problem_id} className="oj-plist-item" data-testid="list-item">
              <StatusMark status={it.status} />
              <div className="oj-plist-item-body">
                <Link to={`/problems/algorithm/${it.problem_id}`}>
                  {it.problem_id}. {it.chinese_name}
                </Link>
                {it.note && <div className="oj-plist-note">{it.note}</div>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
