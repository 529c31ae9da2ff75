import { useState } from 'react';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import { BulbOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { PostRow } from '../../../lib/contract';
import { thumbPost, usePostSearch, useRefreshPostSearches } from '../../../api/forum';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { notify } from '../../../lib/notify';
import PostList from '../../../components/forum/PostList';
import '../../../components/forum/posts.css';

/** /requirements (需求模块): feature requests; thumbs are votes, admins mark a status. */
export default function RequirementsPage() {
  const [pageNum, setPage] = useState(1);
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const refreshSearches = useRefreshPostSearches();
  const { data, isFetching } = usePostSearch({
    category: 'requirement',
    sort: 'thumbs',
    pageNum,
    pageSize: 20,
  });

  async function vote(p: PostRow) {
    if (!isLoggedIn(user)) {
      notify.warning('登录后才能投票');
      return;
    }
    await thumbPost(p.post_id, p.thumbed ? 0 : 1);
    await refreshSearches();
  }

  return (
    <div className="oj-posts-page" data-testid="requirements-page">
      <Card
        title={
          <span>
            <BulbOutlined /> 需求模块
          </span>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/requirements/add')} data-testid="new-requirement">
            提需求
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          说说你希望网站增加的功能。点赞就是投票，票数多的需求排在前面；管理员会标注处理状态。
        </Typography.Paragraph>
        <PostList
          page={data}
          loading={isFetching && !data}
          onPage={setPage}
          category={false}
          empty="还没有需求"
          extra={(p) => (
            <Button
              type={p.thumbed ? 'primary' : 'default'}
              icon={p.thumbed ? <LikeFilled /> : <LikeOutlined />}
              onClick={() => void vote(p)}
              data-testid={`vote-${p.post_id}`}
            >
              {p.thumbs} 票
            </Button>
          )}
        />
      </Card>
    </div>
  );
}
