import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../config';
import { setRouterNavigate } from '../lib/navigate';
import { useLayoutStore } from '../stores/layout';
import { useUserStore } from '../stores/user';
import type { RouteMeta } from '../router/guard';
import KeepAliveOutlet from '../router/KeepAlive';
import AnnouncementBar from './AnnouncementBar';
import BottomBar from './BottomBar';
import CrossFade from './CrossFade';
import TopNav from './TopNav';
import { useBootStore } from './LoadingOverlay';
import { useFrameBridge } from './frameBridge';
import { useDeniedNotice } from './deniedNotice';

/** SPEC §2: the title comes from the deepest route that names one; the default is the product name. */
export function usePageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteMeta | undefined)?.title)?.handle as
    RouteMeta | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/** The frame of every user-site page: background picture, top bar, cross-faded page, bottom bar. */
export default function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navVisible = useLayoutStore((s) => s.navVisible);
  const background = useUserStore((s) => s.user.background_picture);
  const markPageShown = useBootStore((s) => s.markPageShown);
  usePageTitle();
  useFrameBridge();
  useDeniedNotice();

  useEffect(() => {
    setRouterNavigate((to) => void navigate(to));
    markPageShown();
    return () => setRouterNavigate(null);
  }, [navigate, markPageShown]);

  return (
    <div className="oj-app">
      <div
        className="oj-background"
        style={background ? { backgroundImage: `url("${background}")` } : undefined}
        data-testid="site-background"
      />
      {navVisible && <TopNav />}
      <main className={`oj-main${navVisible ? '' : ' oj-main-nonav'}`}>
        <AnnouncementBar />
        <CrossFade routeKey={pathname}>
          <KeepAliveOutlet />
        </CrossFade>
      </main>
      <BottomBar />
    </div>
  );
}
