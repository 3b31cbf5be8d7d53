import { type ReactNode, useRef, useState } from 'react';
import { createApiClient } from '../api/client';
import { ApiProvider } from '../api/context';
import { bindEndpoints } from '../api/endpoints';
import type { ApiError } from '../api/errors';
import { messageOf, translateNested } from '../api/messages';
import { useLoginDialogStore } from '../features/auth/loginDialogStore';
import { useSessionStore } from '../features/auth/sessionStore';
import { i18n } from '../i18n';
import type { TranslationKey } from '../i18n/keys';
import { useToast } from '../shared/ui/toast';

/**
 * Binds the API client to this app: the token comes from the session store; a 3001 ends the
 * session (the guard then shows /login) or opens the login dialog; other failures become
 * translated error toasts (spec 000 §8, 001 §8).
 */
export function ApiBinding({ children }: { children: ReactNode }) {
  const message = useToast();
  // The client outlives renders; the toast function may change with the theme or locale.
  const toast = useRef(message);
  toast.current = message;

  const [api] = useState(() => {
    const translate = (error: ApiError) => {
      const exists = (k: string) => i18n.exists(k);
      const { key, params } = messageOf(error, exists);
      const t = (k: string, p: Record<string, string | number>) => i18n.t(k as TranslationKey, p);
      return t(key, translateNested(params, exists, t));
    };
    return bindEndpoints(
      createApiClient({
        fetch: (input, init) => fetch(input, init),
        getToken: () => useSessionStore.getState().session?.token ?? null,
        onInvalidSession: (mode, error) => {
          if (mode === 'dialog') {
            useLoginDialogStore.getState().show();
            return;
          }
          // One notice however many calls fail together.
          void toast.current.warning({ key: 'session-ended', content: translate(error) });
          useSessionStore.getState().signOut();
        },
        onError: (error) =>
          void toast.current.error({ key: `${error.kind}-${error.code}`, content: translate(error) }),
      }),
    );
  });

  return <ApiProvider api={api}>{children}</ApiProvider>;
}
