import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './LoginForm';
import { useLoginDialogStore } from './loginDialogStore';
import { useSessionStore } from './sessionStore';

/**
 * Log in again without leaving the map, where the spec asks for a dialog on 3001 (scene-id search);
 * afterwards every query is fetched again with the new session. Mounted only while open.
 */
export default function LoginDialog() {
  const { t } = useTranslation();
  const hide = useLoginDialogStore((s) => s.hide);
  const username = useSessionStore((s) => s.session?.user?.username);
  const queryClient = useQueryClient();

  return (
    <Modal open title={t('login.dialogTitle')} footer={null} onCancel={hide} destroyOnHidden width={400}>
      <div data-testid="login-dialog">
        <LoginForm
          initialUsername={username}
          onLoggedIn={() => {
            hide();
            void queryClient.invalidateQueries();
          }}
        />
      </div>
    </Modal>
  );
}
