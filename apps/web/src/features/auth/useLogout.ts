import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/context';
import { useToast } from '../../shared/ui/toast';
import { useSessionStore } from './sessionStore';

/**
 * Log out: revoke the token on the server, then forget it here in any case — an unreachable server
 * must not keep the user logged in on this machine.
 */
export function useLogout() {
  const api = useApi();
  const signOut = useSessionStore((s) => s.signOut);
  const message = useToast();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.logout({ quiet: true }),
    onSettled: () => {
      signOut({ loggedOut: true });
      message.success(t('logoutOK'));
      navigate('/login', { replace: true });
    },
  });
}

/**
 * Sign out everywhere (issue 26): the server ends every session of the account, this one too, and
 * every tile link; then this browser forgets its session too and goes to login. Unlike a logout it
 * is not assumed done when the server did not answer: the user is told and stays.
 */
export function useSignOutEverywhere() {
  const api = useApi();
  const signOut = useSessionStore((s) => s.signOut);
  const message = useToast();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.logoutEverywhere(),
    onSuccess: () => {
      signOut({ loggedOut: true });
      message.success(t('login.signedOutEverywhere'));
      navigate('/login', { replace: true });
    },
  });
}
