import { useState } from 'react';
import Panel from '../../../components/Panel';
import Button from '../../../components/plain/Button';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { usePostSearch } from '../../../api/forum';
import PostList from '../../../components/forum/PostList';
import '../../../components/forum/posts.css';

/** /discussion: the general discussion board (newest first, pinned posts on top). */
export default function DiscussionPage() {
  const [pageNum, setPage] = useState(1);
  const navigate = useNavigate();
  const { data, isFetching } = usePostSearch({ category: 'discussion', sort: 'new', pageNum, pageSize: 20 });
  return (
    <div className="oj-posts-page" data-testid="discussion-page">
      <Panel
        title="讨论区"
        extra={
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => navigate('/discussion/add')}
            data-testid="new-discussion"
          >
            发起讨论
          </Button>
        }
      >
        <PostList
          page={data}
          loading={isFetching && !data}
          onPage={setPage}
          category={false}
          empty="还没有讨论，来发第一帖吧"
        />
      </Panel>
    </div>
  );
}
