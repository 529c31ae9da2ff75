import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import Result from '../../../components/plain/Result';
import Button from '../../../components/plain/Button';
import { Link } from 'react-router';
import type { ExamMine } from '../../../lib/contract';
import { formatDateTime } from '../../../lib/contestTime';
import { useUserStore } from '../../../stores/user';
import { currentExam } from './examRedirect';

/**
 * /exam: what a participant of a running exam sees for any page outside it (issue 26): the rule,
 * the exam, and a link back to it; or, when their address is outside its IP ranges, the rule and
 * the address to show the invigilator.
 */
export default function ExamPage() {
  const uuid = useUserStore((s) => s.user.uuid);
  const [exam, setExam] = useState<ExamMine | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void currentExam(uuid, true).then((e) => live && setExam(e));
    return () => {
      live = false;
    };
  }, [uuid]);

  if (exam === undefined) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!exam)
    return (
      <Result
        status="info"
        title="当前没有进行中的考试"
        subTitle="考试已结束或你没有参加考试，可以正常使用网站。"
        extra={
          <Link to="/home">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    );
  if (exam.ip_refused)
    return (
      <Result
        status="error"
        title="不能在当前网络参加考试"
        subTitle={
          <span data-testid="exam-ip-refused">
            考试「{exam.name}」只允许从指定的 IP 段参加，你当前的 IP 是 <b>{exam.ip}</b>
            ，不在允许范围内，请联系监考老师。
          </span>
        }
      />
    );
  return (
    <Result
      status="warning"
      title="考试进行中，只能访问本场比赛"
      subTitle={
        <span data-testid="exam-notice">
          你正在参加考试「{exam.name}」，考试结束（{formatDateTime(exam.end_time)}）前只能访问本场比赛的页面。
        </span>
      }
      extra={
        <Link to={`/competition/${exam.competition_id}`}>
          <Button type="primary" data-testid="exam-back">
            返回比赛
          </Button>
        </Link>
      }
    />
  );
}
