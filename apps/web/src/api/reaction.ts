import { ResultCode } from '@satportal/contract';
import type { ApiFailureKind } from './errors';

/** How a call wants an invalid session (3001) handled: most go to /login; a few open the login dialog. */
export type InvalidSessionMode = 'redirect' | 'dialog';

export interface ReactionOptions {
  /** Business codes the caller shows itself (no general toast). */
  handles?: readonly number[];
  /** Nothing at all is shown for any failure (background calls such as the version check). */
  quiet?: boolean;
  onInvalidSession?: InvalidSessionMode;
}

/** What the general handler does about a failed call (spec 000 §8, 001 §8). */
export type Reaction = 'caller' | 'end-session' | 'login-dialog' | 'network-toast' | 'message-toast';

export function reactionTo(
  failure: { kind: ApiFailureKind; code: number | null },
  options: ReactionOptions,
): Reaction {
  if (options.quiet) return 'caller';
  if (failure.kind !== 'business') return 'network-toast';
  if (failure.code !== null && options.handles?.includes(failure.code)) return 'caller';
  if (failure.code === ResultCode.InvalidSession) {
    return options.onInvalidSession === 'dialog' ? 'login-dialog' : 'end-session';
  }
  return 'message-toast';
}
