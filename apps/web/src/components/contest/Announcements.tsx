import { useState } from 'react';
import Alert from '../plain/Alert';
import Button from '../plain/Button';
import { InputGroup, TextInput } from '../plain/Form';
import Popconfirm from '../plain/Popconfirm';
import { Typography } from '../plain/Typography';
import { ANSWER_MAX, announce, deleteAnnouncement, useRefreshClarifications } from '../../api/clarifications';
import type { ClarificationBoard } from '../../lib/contract';
import { formatDateTime } from '../../lib/contestTime';

/** Contest announcements at the top of the contest page, live; managers post and delete them here. */
export default function Announcements({
  competitionId,
  board,
}: {
  competitionId: number;
  board: ClarificationBoard | null;
}) {
  const refreshClarifications = useRefreshClarifications();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!board) return null;
  const refresh = () => refreshClarifications(competitionId);
  const post = async () => {
    setBusy(true);
    try {
      await announce({ competition_id: competitionId, content: text });
      setText('');
      await refresh();
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  };
  const list = board.announcements;
  return (
    <div className="oj-contest-announcements" data-testid="contest-announcements">
      {list.length > 0 && (
        <Alert
          type="warning"
          message={`比赛公告（${list.length}）`}
          description={
            <div>
              {list.map((a) => (
                <div key={a.id} className="oj-announcement" data-testid="announcement">
                  <Typography.Text type="secondary">{formatDateTime(a.create_time)}</Typography.Text>
                  <div className="oj-clarify-text">{a.content}</div>
                  {board.manager && (
                    <Popconfirm
                      title="删除这条公告？"
                      onConfirm={() => deleteAnnouncement(a.id).then(refresh, () => undefined)}
                    >
                      <Button size="small" type="link" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  )}
                </div>
              ))}
            </div>
          }
        />
      )}
      {board.manager && (
        <div style={{ marginTop: 8 }}>
          <InputGroup>
            <TextInput
              value={text}
              maxLength={ANSWER_MAX}
              onChange={(e) => setText(e.target.value)}
              placeholder="发布比赛公告（所有参赛者实时可见）"
            />
            <Button type="primary" loading={busy} disabled={!text.trim()} onClick={post}>
              发布公告
            </Button>
          </InputGroup>
        </div>
      )}
    </div>
  );
}
