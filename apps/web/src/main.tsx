import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './lib/Providers';
import LoadingOverlay from './layout/LoadingOverlay';
import { routes } from './router/routes';
import { goToChunkErrorPage } from './router/lazyPage';
import './styles.css';
import './phone-antd.css';

// Vite reports a failed preload of a lazy chunk's dependencies here (SPEC §8: go to /404?from=…).
window.addEventListener('vite:preloadError', (e) => {
  e.preventDefault();
  goToChunkErrorPage();
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <LoadingOverlay />
    </Providers>
  </StrictMode>,
);
