import { useState } from 'react';
import { Segmented, Space } from 'antd';
import Result from '../plain/Result';
import Button from '../plain/Button';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { POST_SORT_LABELS } from '../../lib/contract';
import { useProblemPosts } from '../../api/forum';
import { ApiError } from '../../api/errors';
import PostList from './PostList';

type Sort = keyof typeof POST_SORT_LABELS;

/** The 题解 (status 1) or 问答 (status 0) tab of the solving page. */
export default function ProblemPosts({ problemId, status }: { problemId: number; status: 0 | 1 }) {
  const [pageNum, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>('hot');
  const navigate = useNavigate();
  const { data, isFetching, error } = useProblemPosts(problemId, status, pageNum, sort);
  const kind = status === 1 ? 'solution' : 'answer';
  return (
    <div data-testid={`problem-posts-${kind}`}>
      <div className="oj-post-toolbar">
        <Segmented<Sort>
          value={sort}
          onChange={setSort}
          options={(Object.keys(POST_SORT_LABELS) as Sort[]).map((k) => ({
            value: k,
            label: POST_SORT_LABELS[k],
          }))}
        />
        <Space>
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => navigate(`/posts/${problemId}/${kind}/add`)}
            data-testid={`write-${kind}`}
          >
            {status === 1 ? '写题解' : '提问'}
          </Button>
        </Space>
      </div>
      {error ? (
        <Result status="403" title={error instanceof ApiError ? error.message : '暂时无法查看'} />
      ) : (
        <PostList
          page={data}
          loading={isFetching && !data}
          onPage={setPage}
          category={false}
          empty={status === 1 ? '还没有题解' : '还没有提问'}
        />
      )}
    </div>
  );
}
