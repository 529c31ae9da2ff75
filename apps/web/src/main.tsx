import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './lib/Providers';
import { dismissFirstPaint, firstPaintProblem } from './lib/prerender';
import { problemKeys } from './api/problems';
import LoadingOverlay from './layout/LoadingOverlay';
import { routes } from './router/routes';
import { goToChunkErrorPage } from './router/lazyPage';
import './styles.css';
import './components/plain/plain.css';
import './phone-antd.css';

// Vite reports a failed preload of a lazy chunk's dependencies here (SPEC §8: go to /404?from=…).
window.addEventListener('vite:preloadError', (e) => {
  e.preventDefault();
  goToChunkErrorPage();
});

// A problem page sent with its first paint (lib/prerender.ts): the page finds its problem cached
// (the server answered it for this viewer), and the layer goes when the reader goes elsewhere.
const sentProblem = firstPaintProblem();
if (sentProblem) queryClient.setQueryData(problemKeys.problem(sentProblem.problem_id), sentProblem);

const router = createBrowserRouter(routes);
const firstPath = window.location.pathname;
const stopWatching = router.subscribe((state) => {
  if (state.location.pathname === firstPath) return;
  dismissFirstPaint();
  stopWatching();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <LoadingOverlay />
    </Providers>
  </StrictMode>,
);
