import { useState } from 'react';
import { Card } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userPosts } from '../../../api/forum';
import PostList from './PostList';

/** The posts of a user (the user card). */
export default function UserPosts({ uuid }: { uuid: number }) {
  const [pageNum, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['posts', 'user', uuid, pageNum],
    queryFn: () => userPosts(uuid, pageNum),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={`帖子 ${data?.total ?? ''}`} style={{ marginTop: 16 }} data-testid="user-posts">
      <PostList page={data} loading={isFetching && !data} onPage={setPage} empty="还没有发过帖子" />
    </Card>
  );
}
