import { useEffect, useState } from 'react';
import Alert from '../../components/plain/Alert';
import Skeleton from '../../components/plain/Skeleton';
import type { VideoPlay } from '../../lib/contract';
import { lessonVideo } from '../../api/courses';

/**
 * A lesson's video through a short-lived signed URL. The URL is asked for when the lesson opens
 * (the server checks membership then); when it has expired mid-way the player asks again.
 */
export default function LessonVideo({ lessonId }: { lessonId: number }) {
  const [play, setPlay] = useState<VideoPlay | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    lessonVideo(lessonId)
      .then((p) => live && setPlay(p))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [lessonId, attempt]);

  if (failed) return <Alert type="warning" message="视频暂时无法播放" />;
  if (!play) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (play.provider !== 'local')
    return <Alert type="info" message="该视频需要在阿里云播放器中观看" />;
  return (
    <video
      key={play.url}
      className="oj-study-video"
      controls
      preload="metadata"
      src={play.url}
      poster={play.poster ?? undefined}
      data-testid={`lesson-video-${lessonId}`}
      onError={() => {
        // An expired signature answers 403: ask for a new URL once per expiry.
        if (Date.parse(play.expires_at) <= Date.now()) setAttempt((n) => n + 1);
      }}
    />
  );
}
