import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../lib/notify';

/** The user site's words for `?denied=admin` (the management site sent a non-admin here). */
export const ADMIN_DENIED_MESSAGE = '管理中心只对管理员开放，你的账号没有管理员权限';

/**
 * SPEC §6: a signed-in user without the admin role who opens /admin/ lands on /home: say why once,
 * then drop the marker from the address so a reload does not say it again.
 */
export function useDeniedNotice(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('denied') !== 'admin') return;
    notify.warning(ADMIN_DENIED_MESSAGE);
    params.delete('denied');
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [pathname, search, navigate]);
}
