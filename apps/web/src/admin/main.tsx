import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../lib/Providers';
import { AntdProvider } from '../lib/AntdProvider';
import { adminRoutes } from './routes';
import './admin.css';
import '../components/plain/plain.css';
import '../phone-antd.css';

// The management site is its own bundle, served under /admin/ (dist/admin/index.html).
const router = createBrowserRouter(adminRoutes, { basename: '/admin' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      {/* The management site is drawn with antd throughout: one provider above every page. */}
      <AntdProvider>
        <RouterProvider router={router} />
      </AntdProvider>
    </Providers>
  </StrictMode>,
);
