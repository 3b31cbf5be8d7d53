/** AOI subscriptions (issue 16): create, list, delete, the matched scenes, the unread flag. */

export { type BatchOutcome, MatchingRepository } from './matching/matching.repository';
export { type MatchingOutcome, MatchingService } from './matching/matching.service';
export { SubscriptionMailsRepository } from './matching/subscription-mails.repository';
export { type MailOutcome, SubscriptionMailsService } from './matching/subscription-mails.service';
export {
  type NewSubscription,
  type SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions.repository';
export { subscriptionsRoutes } from './subscriptions.routes';
export { SubscriptionsService } from './subscriptions.service';
