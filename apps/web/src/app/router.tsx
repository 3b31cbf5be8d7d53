import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { RequireSession } from '../features/auth/RequireSession';
import { WorkspaceShell } from '../features/workspace/WorkspaceShell';
import styles from './app.module.css';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));

/**
 * Spec 000 §2: `/` the map workspace (guarded), `/login` loaded on demand, anything else → `/`.
 * Declarative routes: the app loads its data with TanStack Query, so the data router (and its
 * weight in the first chunk) is not needed.
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <RequireSession>
              <WorkspaceShell />
            </RequireSession>
          }
        />
        <Route
          path="/login"
          element={
            <Suspense fallback={<Spin size="large" className={styles.pageLoading} />}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
