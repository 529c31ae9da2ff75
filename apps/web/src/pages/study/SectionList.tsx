import { useState } from 'react';
import { Typography } from '../../components/plain/Typography';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { CheckCircleFilled, LockOutlined, PlayCircleOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { CourseDetail, LessonView, SectionView } from '../../lib/contract';
import { MarkdownView } from '../../components/MarkdownView';
import LessonVideo from './LessonVideo';
import { problemPath, StatusTag } from './StudyStatus';

function LessonItem({ lesson, showPreview }: { lesson: LessonView; showPreview: boolean }) {
  const [open, setOpen] = useState(false);
  const locked = lesson.content === null;
  return (
    <li className="oj-study-lesson" data-testid={`lesson-${lesson.id}`}>
      <div className="oj-study-row">
        {lesson.has_video ? <PlayCircleOutlined /> : <FileTextOutlined />}
        {locked ? (
          <Typography.Text type="secondary">{lesson.title}</Typography.Text>
        ) : (
          <Typography.Link onClick={() => setOpen((o) => !o)} data-testid={`lesson-open-${lesson.id}`}>
            {lesson.title}
          </Typography.Link>
        )}
        {showPreview && lesson.preview && <Tag color="cyan">试看</Tag>}
        {locked && (
          <Tag icon={<LockOutlined />} data-testid={`lesson-locked-${lesson.id}`}>
            加入后可学习
          </Tag>
        )}
      </div>
      {open && !locked && (
        <div data-testid={`lesson-body-${lesson.id}`}>
          {lesson.has_video && <LessonVideo lessonId={lesson.id} />}
          <MarkdownView text={lesson.content ?? ''} html={lesson.content_html ?? ''} />
        </div>
      )}
    </li>
  );
}

function SectionBody({ section, showPreview }: { section: SectionView; showPreview: boolean }) {
  return (
    <div className="oj-study-section">
      {section.description && (
        <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>
      )}
      {section.lessons.length > 0 && (
        <ul className="oj-study-list oj-links">
          <li className="oj-study-list-head">
            <Typography.Text strong>课时</Typography.Text>
          </li>
          {section.lessons.map((l) => (
            <LessonItem key={l.id} lesson={l} showPreview={showPreview} />
          ))}
        </ul>
      )}
      {section.problems.length > 0 && (
        <ul className="oj-study-list oj-links">
          <li className="oj-study-list-head">
            <Typography.Text strong>练习题</Typography.Text>
          </li>
          {section.problems.map((p) => (
            <li
              key={`${p.kind}-${p.problem_id}`}
              className="oj-study-problem"
              data-testid={`study-problem-${p.kind}-${p.problem_id}`}
            >
              {section.locked ? (
                <Typography.Text type="secondary">{p.title}</Typography.Text>
              ) : (
                <Link to={problemPath(p)}>{p.title}</Link>
              )}
              <StatusTag status={p.my_status} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The sections of a plan: lock state, done mark, lessons (with video) and problems with my status. */
export default function SectionList({ plan }: { plan: CourseDetail }) {
  if (!plan.sections.length) return <Empty description="还没有章节" />;
  const requiresText = (s: SectionView) => s.requires.map((r) => `第 ${r + 1} 章`).join('、');
  return (
    <div className="oj-study-sections">
      {plan.sections.map((s) => (
        <details key={s.index} open className="oj-study-chapter">
          <summary>
            <span className="oj-study-row" data-testid={`section-${s.index}`}>
              {s.locked ? (
                <LockOutlined />
              ) : s.done ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} />
              ) : null}
              <Typography.Text strong>
                第 {s.index + 1} 章 {s.title}
              </Typography.Text>
              {s.problems.length > 0 && (
                <Tag data-testid={`section-progress-${s.index}`}>
                  {s.solved}/{s.problems.length}
                </Tag>
              )}
              {s.locked && <Tag color="default">需先完成 {requiresText(s)}</Tag>}
              {s.done && s.problems.length > 0 && <Tag color="success">已完成</Tag>}
            </span>
          </summary>
          <SectionBody section={s} showPreview={!plan.can_view_content} />
        </details>
      ))}
    </div>
  );
}
