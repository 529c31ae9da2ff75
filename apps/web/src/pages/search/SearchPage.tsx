import { Empty, Tag, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../config';

const CATEGORY_NAMES: Record<string, string> = {
  post: '帖子',
  problem: '题目',
  competition: '比赛',
  course: '课程',
  user: '用户',
};

/** /search/:key with SPEC §2's query parameters; the aggregate search itself is being built. */
export default function SearchPage() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const category = params.get('category') ?? 'post';
  const pageNum = Number(params.get('pageNum') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? DEFAULT_SEARCH_PAGE_SIZE);
  return (
    <div className="oj-container-narrow oj-panel" data-testid="search-page">
      <Typography.Title level={3}>搜索：{key}</Typography.Title>
      <div style={{ marginBottom: 16 }}>
        <Tag color="blue">分类：{CATEGORY_NAMES[category] ?? category}</Tag>
        <Tag>第 {pageNum} 页</Tag>
        <Tag>每页 {pageSize} 条</Tag>
      </div>
      <Empty description="搜索功能正在建设中，完成后这里会列出与关键词相关的题目、帖子和比赛。" />
    </div>
  );
}
