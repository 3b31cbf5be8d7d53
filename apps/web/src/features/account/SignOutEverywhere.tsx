import { LogoutOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOutEverywhere } from '../auth/useLogout';

/**
 * "Sign out everywhere" (issue 26): after a confirmation, every session of the account ends on
 * every device, this one too, with every tile link; the browser then goes to login.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const signOut = useSignOutEverywhere();

  const confirm = () =>
    void modal.confirm({
      title: t('login.signOutEverywhereTitle'),
      content: t('login.signOutEverywhereContent'),
      okText: t('login.signOutEverywhere'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'sign-out-everywhere-ok' } as object) },
      cancelText: t('common.cancel'),
      cancelButtonProps: { ...({ 'data-testid': 'sign-out-everywhere-cancel' } as object) },
      onOk: () => signOut.mutateAsync().catch(() => undefined),
    });

  return (
    <>
      {modalHolder}
      <Button
        danger
        block
        type="text"
        icon={<LogoutOutlined />}
        loading={signOut.isPending}
        onClick={confirm}
        data-testid="sign-out-everywhere"
      >
        {t('login.signOutEverywhere')}
      </Button>
    </>
  );
}
