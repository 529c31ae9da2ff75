import { useState } from 'react';
import { Checkbox, Input, Space } from 'antd';
import Button from '../plain/Button';
import { ANSWER_MAX, answerQuestion } from '../../api/clarifications';
import type { Clarification } from '../../lib/contract';

/** A manager's reply: private to the asker or public to every participant; answering again replaces it. */
export default function AnswerForm({ c, onAnswered }: { c: Clarification; onAnswered: () => void }) {
  const [text, setText] = useState(c.answer ?? '');
  const [isPublic, setPublic] = useState(c.public);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await answerQuestion({ clarification_id: c.id, answer: text, public: isPublic });
      onAnswered();
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oj-clarify-reply">
      <Input.TextArea rows={2} value={text} maxLength={ANSWER_MAX} onChange={(e) => setText(e.target.value)} placeholder="回复内容" />
      <Space wrap style={{ marginTop: 6 }}>
        <Checkbox checked={isPublic} onChange={(e) => setPublic(e.target.checked)}>
          公开给所有参赛者
        </Checkbox>
        <Button size="small" type="primary" loading={busy} disabled={!text.trim()} onClick={send}>
          {c.answer === null ? '回复' : '修改回复'}
        </Button>
      </Space>
    </div>
  );
}
