import { Tag } from '../../components/plain/Tag';
import { Link } from 'react-router';
import type { SearchRecord } from '../../lib/contract';
import DifficultyTag from '../../components/DifficultyTag';
import { SOURCE_NAMES } from '../../components/verdicts';
import { KIND_NAMES, markedPieces, recordLink } from './kinds';

/** Text with the server's marks, as React nodes (see `markedPieces`). */
export function Marked({ html }: { html: string }) {
  return (
    <>
      {markedPieces(html).map((p, i) =>
        p.marked ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const date = (v: unknown) => str(v).slice(0, 16).replace('T', ' ');

/** The kind's own fields under a hit. */
function Fields({ r }: { r: SearchRecord }) {
  const f = r.fields;
  switch (r.kind) {
    case 'problem':
      return (
        <>
          <span className="oj-hit-id">#{r.id}</span>
          <DifficultyTag difficulty={num(f.difficulty)} />
          {(Array.isArray(f.tags) ? f.tags : []).slice(0, 4).map((t) => (
            <Tag key={String(t)} bordered={false}>
              {String(t)}
            </Tag>
          ))}
          <span>{SOURCE_NAMES[str(f.source_name)] ?? str(f.source_name)}</span>
          <span>
            通过 {num(f.accept_num)} / 提交 {num(f.submit_num)}
          </span>
        </>
      );
    case 'user':
      return (
        <>
          <span>账号 {str(f.account)}</span>
          <span>积分 {num(f.rating)}</span>
          {str(f.school) && <span>{str(f.school)}</span>}
        </>
      );
    case 'competition':
      return (
        <>
          <span>开始 {date(f.start_time)}</span>
          <span>结束 {date(f.end_time)}</span>
          {f.has_password === true && <Tag bordered={false}>需要密码</Tag>}
          {f.rated === true && (
            <Tag bordered={false} color="gold">
              计分
            </Tag>
          )}
        </>
      );
    case 'post': {
      const author = f.author as { username?: string } | undefined;
      return (
        <>
          {author?.username && <span>作者 {author.username}</span>}
          <span>点赞 {num(f.thumbs)}</span>
          <span>评论 {num(f.comments)}</span>
          <span>{date(f.create_time)}</span>
        </>
      );
    }
    case 'course':
      return <span>{num(f.price_fen) ? `¥${(num(f.price_fen) / 100).toFixed(2)}` : '免费'}</span>;
  }
}

/** One search result: marked title linking to the item, marked snippet, the kind's fields. */
export default function SearchHit({ record, showKind }: { record: SearchRecord; showKind?: boolean }) {
  return (
    <article className="oj-hit" data-testid="search-hit" data-kind={record.kind}>
      <Link to={recordLink(record)} className="oj-hit-title">
        {showKind && <Tag color="blue">{KIND_NAMES[record.kind]}</Tag>}
        <Marked html={record.title_html} />
      </Link>
      {record.snippet && (
        <p className="oj-hit-snippet">
          <Marked html={record.snippet} />
        </p>
      )}
      <div className="oj-hit-fields">
        <Fields r={record} />
      </div>
    </article>
  );
}
