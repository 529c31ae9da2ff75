import { Suspense, useState } from 'react';
import Button, { type ButtonProps } from './plain/Button';
import { FlagOutlined } from '@ant-design/icons';
import type { ReportTargetKind } from '../lib/contract';
import { isLoggedIn, useUserStore } from '../stores/user';
import { notify } from '../lib/notify';
import { goTo } from '../lib/navigate';
import { loginPath } from '../lib/account';
import { lazyScoped } from '../lib/antdScope';

interface Props {
  kind: ReportTargetKind;
  /** The post's or the comment's id. */
  id: number;
  size?: ButtonProps['size'];
  /** A text-only button (under a comment) instead of a default one. */
  type?: ButtonProps['type'];
}

const ReportDialog = lazyScoped(() => import('./ReportDialog'));

/**
 * 举报: a button that opens a dialog (reason from the fixed list, optional detail) and sends the
 * report. Used by the forum's post and comment views. Visitors are sent to the login page.
 */
export default function ReportButton({ kind, id, size = 'small', type = 'text' }: Props) {
  const user = useUserStore((s) => s.user);
  const [open, setOpen] = useState(false);
  // The dialog's chunk is asked for at the first open and kept mounted after (its form and closing).
  const [opened, setOpened] = useState(false);

  const start = () => {
    if (!isLoggedIn(user)) {
      notify.warning('请先登录后再举报');
      goTo(loginPath('report', window.location.pathname));
      return;
    }
    setOpened(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        size={size}
        type={type}
        icon={<FlagOutlined />}
        onClick={start}
        data-testid={`report-${kind}-${id}`}
      >
        举报
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} id={id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
