import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router';
import { searchPath } from './nav';

/** The keyword box of the top bar: Enter or the icon opens /search/<key> at page 1. */
export default function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const { key } = useParams();
  const onSearchPage = location.pathname.startsWith('/search/');
  const [value, setValue] = useState(onSearchPage && key ? key : '');

  const go = () => {
    const to = searchPath(value, onSearchPage ? new URLSearchParams(location.search) : undefined);
    if (to) navigate(to);
  };

  return (
    <Input
      className="oj-search-box"
      placeholder="搜索题目、帖子、比赛"
      allowClear
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={go}
      suffix={<SearchOutlined aria-label="搜索" className="oj-search-icon" onClick={go} />}
    />
  );
}
