import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSessionValid, msUntilExpiry } from './session';
import { useSessionStore } from './sessionStore';

/** setTimeout waits at most 2^31−1 ms (~24.8 days); a remembered session may last longer. */
const longestTimerMs = 2 ** 31 - 1;

/**
 * The navigation guard (spec 000 §2): without a stored token, or once the stored expiry has passed,
 * the session is cleared and the user goes to /login, which returns them here afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const signOut = useSessionStore((s) => s.signOut);
  const loggedOut = useSessionStore((s) => s.loggedOut);
  const location = useLocation();
  // The clock the guard judges by; a timer moves it on when the stored expiry comes.
  const [now, setNow] = useState(Date.now);
  const valid = isSessionValid(session, now);

  useEffect(() => {
    if (!session) return;
    if (!valid) {
      signOut();
      return;
    }
    const remaining = msUntilExpiry(session, now);
    if (remaining === null) return;
    // An idle page also returns to the login when the session expires.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(remaining + 1, longestTimerMs));
    return () => clearTimeout(timer);
  }, [session, valid, now, signOut]);

  // The whole address, its query too: the place a link or a reload named (issue 28 #6); not after
  // a logout, when whoever logs in next starts at home.
  if (!valid) {
    const from = loggedOut ? '/' : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}
