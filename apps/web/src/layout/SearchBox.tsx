import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import KeywordInput from '../components/KeywordInput';
import { searchPath } from './nav';

/** The keyword box of the top bar: Enter or the icon opens /search/<key> at page 1. */
export default function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const { key } = useParams();
  const onSearchPage = location.pathname.startsWith('/search/');
  const [value, setValue] = useState(onSearchPage && key ? key : '');

  const go = (keyword: string) => {
    const to = searchPath(keyword, onSearchPage ? new URLSearchParams(location.search) : undefined);
    if (to) navigate(to);
  };

  return (
    <KeywordInput
      className="oj-search-box"
      placeholder="搜索题目、帖子、比赛"
      value={value}
      onChange={setValue}
      onSearch={go}
    />
  );
}
