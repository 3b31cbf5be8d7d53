import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { useSessionStore } from '../features/auth/sessionStore';
import { useLanguage } from '../shared/hooks/useLanguage';
import { ToastProvider } from '../shared/ui/toast';
import { ApiBinding } from './ApiBinding';

const theme: ThemeConfig = { token: { colorPrimary: '#1668dc', borderRadius: 6 } };

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The client has already reported a failure; retrying would report it again.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/** Server state, Ant Design in the interface language, and the API bound to the session. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [language] = useLanguage();

  // Another user's data must not survive a logout or an ended session.
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.session && state.session?.token !== previous.session.token) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language === 'zh' ? zhCN : enUS}
        theme={theme}
        button={{ autoInsertSpace: false }}
      >
        <ToastProvider>
          <ApiBinding>{children}</ApiBinding>
        </ToastProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
