import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import KeywordInput from '../components/KeywordInput';
import { searchPath, togetherPath } from './nav';

/**
 * The keyword box of the top bar: Enter or the icon opens the grouped results of every kind
 * (/together/search); on a one-category page (/search/<key>) it stays on that category, at page 1.
 */
export default function SearchBox({ className = 'oj-search-box' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { key } = useParams();
  const onSearchPage = location.pathname.startsWith('/search/');
  const [value, setValue] = useState(onSearchPage && key ? key : '');

  const go = (keyword: string) => {
    const to = onSearchPage ? searchPath(keyword, new URLSearchParams(location.search)) : togetherPath(keyword);
    if (to) navigate(to);
  };

  return (
    <KeywordInput
      className={className}
      placeholder="搜索题目、帖子、用户、比赛"
      value={value}
      onChange={setValue}
      onSearch={go}
    />
  );
}
