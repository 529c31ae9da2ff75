import Empty from '../../../components/plain/Empty';
import { MarkdownView } from '../../../components/MarkdownView';

/** 公告: the author's markdown description and announcements. */
export default function NoticeTab({ text }: { text: string }) {
  if (!text.trim()) return <Empty description="出题人还没有发布公告" />;
  return <MarkdownView text={text} className="oj-markdown" />;
}
