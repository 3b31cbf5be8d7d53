import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext } from 'react';

/** Distance of toasts from the top of the window, in px. */
const toastTop = 56;

const ToastContext = createContext<MessageInstance | null>(null);

/**
 * Toasts (antd `message`) that follow the ConfigProvider's theme and locale. Only `message` is
 * needed, so this replaces antd's <App>, which would also bring modal and notification code into
 * the first chunk.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  // Below the map's top row (coordinate search box, 12 px + 32 px high), which a toast would hide.
  const [api, holder] = message.useMessage({ top: toastTop });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

export function useToast(): MessageInstance {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside <ToastProvider>');
  return api;
}
