import { useEffect, useState } from 'react';
import { type FormInstance } from 'antd';
import Button from '../../components/plain/Button';
import { EMAIL_CODE_COOLDOWN_S } from '../../config';
import { sendEmailCode } from '../../api/users';
import { notify } from '../../lib/notify';

/** Sends the email code to the form's `email` field, then waits 60 s before allowing another. */
export default function SendCodeButton({ form }: { form: FormInstance }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    let email: string;
    try {
      ({ email } = await form.validateFields(['email']));
    } catch {
      return; // the form shows what is wrong with the email
    }
    setSending(true);
    try {
      await sendEmailCode(email);
      notify.success('验证码已发送，请查收邮件');
      setLeft(EMAIL_CODE_COOLDOWN_S);
    } catch {
      // toasted by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={left > 0} style={{ width: 120 }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}
