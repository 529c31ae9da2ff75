import { useState } from 'react';
import Card from '../plain/Card';
import { useUserPosts } from '../../api/forum';
import PostList from './PostList';

/** The posts of a user (the user card). */
export default function UserPosts({ uuid }: { uuid: number }) {
  const [pageNum, setPage] = useState(1);
  const { data, isFetching } = useUserPosts(uuid, pageNum);
  return (
    <Card title={`帖子 ${data?.total ?? ''}`} style={{ marginTop: 16 }} data-testid="user-posts">
      <PostList page={data} loading={isFetching && !data} onPage={setPage} empty="还没有发过帖子" />
    </Card>
  );
}
