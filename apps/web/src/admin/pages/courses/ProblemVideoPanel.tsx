import { useState } from 'react';
import { Button, Card, Input, InputNumber, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { setProblemAliyunVideo, uploadProblemVideo } from '../../../api/courses';
import { notify } from '../../../lib/notify';

/** A problem's solution video: an uploaded file (local provider) or an Aliyun VOD video id. */
export default function ProblemVideoPanel() {
  const [problemId, setProblemId] = useState<number | null>(null);
  const [videoId, setVideoId] = useState('');
  return (
    <Card title="题目讲解视频" style={{ marginTop: 16 }} data-testid="problem-video-panel">
      <Space direction="vertical">
        <Typography.Text type="secondary">
          用户在题目页观看讲解视频：配置了阿里云点播时播放这里填写的阿里云点播视频编号，否则播放这里上传的视频。
        </Typography.Text>
        <Space wrap>
          <InputNumber min={1} placeholder="题目编号" value={problemId} onChange={(v) => setProblemId(v)} />
          <Upload
            accept="video/mp4,video/webm"
            showUploadList={false}
            disabled={!problemId}
            customRequest={({ file, onSuccess, onError }) => {
              if (!problemId) return;
              uploadProblemVideo(problemId, file as File)
                .then(() => {
                  notify.success('视频已上传');
                  onSuccess?.(null);
                })
                .catch((e: Error) => onError?.(e));
            }}
          >
            <Button icon={<UploadOutlined />} disabled={!problemId}>
              上传视频
            </Button>
          </Upload>
        </Space>
        <Space wrap>
          <Input
            style={{ width: 280 }}
            placeholder="阿里云视频编号（VideoId）"
            value={videoId}
            onChange={(e) => setVideoId(e.target.value)}
          />
          <Button
            disabled={!problemId || !videoId.trim()}
            onClick={() => {
              if (!problemId) return;
              setProblemAliyunVideo(problemId, videoId.trim())
                .then(() => notify.success('已保存'))
                .catch(() => undefined);
            }}
          >
            保存视频编号
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
