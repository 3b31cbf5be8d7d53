import { useEffect } from 'react';
import { followSessionInOtherTabs } from '../features/auth/sessionStore';
import { Providers } from './Providers';
import { AppRoutes } from './router';

export function App() {
  useEffect(() => followSessionInOtherTabs(window), []);
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
