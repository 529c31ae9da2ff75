import { useEffect, useState } from 'react';
import Button from '../../components/plain/Button';
import { EMAIL_CODE_COOLDOWN_S } from '../../config';
import { sendEmailCode } from '../../api/users';
import { notify } from '../../lib/notify';

/**
 * Sends the email code to the address `email()` answers (null when the form's email field is wrong;
 * the form shows why), then waits 60 s before allowing another.
 */
export default function SendCodeButton({ email }: { email: () => string | null }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    const address = email();
    if (address === null) return;
    setSending(true);
    try {
      await sendEmailCode(address.trim());
      notify.success('验证码已发送，请查收邮件');
      setLeft(EMAIL_CODE_COOLDOWN_S);
    } catch {
      // toasted by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" onClick={send} loading={sending} disabled={left > 0} style={{ width: 120 }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}
