import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` (a lazy component) from the first time `when` is true, and keeps them from
 * then on (their state, a closing animation): their code loads only once they are needed, not
 * with the workspace's first paint.
 */
export function LoadWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  // Derived during render (React's pattern for state following a prop): no extra commit.
  if (when && !needed) setNeeded(true);
  return needed || when ? <Suspense>{children}</Suspense> : null;
}
