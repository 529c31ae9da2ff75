import { useState } from 'react';
import { Alert, Modal } from 'antd';
import Button from '../plain/Button';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { VideoPlay } from '../../lib/contract';
import { problemVideo } from '../../api/courses';
import { ApiError } from '../../api/errors';
import { isLoggedIn, useUserStore } from '../../stores/user';

/**
 * 讲解视频: asks SPEC's `aliyun/vod` when opened (signed-in users only). The local provider
 * answers a short-lived signed URL played here; an Aliyun play auth needs Aliyun's web player.
 */
export default function SolutionVideo({ problemId }: { problemId: number }) {
  const user = useUserStore((s) => s.user);
  const [play, setPlay] = useState<VideoPlay | null>(null);
  // Why there is nothing to play: no video, or (403) the solutions are locked for now.
  const [missing, setMissing] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!isLoggedIn(user)) return null;
  const open = async () => {
    setLoading(true);
    try {
      setPlay(await problemVideo(problemId));
    } catch (e) {
      setMissing(e instanceof ApiError && e.httpStatus === 403 ? e.message : '本题暂无讲解视频');
    } finally {
      setLoading(false);
    }
  };
  const close = () => {
    setPlay(null);
    setMissing(null);
  };
  return (
    <>
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        loading={loading}
        onClick={() => void open()}
        data-testid="solution-video"
      >
        讲解视频
      </Button>
      <Modal
        open={!!play || missing !== null}
        onCancel={close}
        footer={null}
        title="讲解视频"
        width={800}
        destroyOnHidden
      >
        {missing && <Alert type="info" showIcon message={missing} />}
        {play?.provider === 'local' && (
          <video
            className="oj-solution-video"
            style={{ width: '100%' }}
            controls
            autoPlay
            src={play.url}
            poster={play.poster ?? undefined}
          />
        )}
        {play?.provider === 'aliyun' && (
          <Alert
            type="info"
            showIcon
            message={`阿里云点播视频 ${play.title ?? play.video_id}：请使用阿里云播放器观看`}
          />
        )}
      </Modal>
    </>
  );
}
