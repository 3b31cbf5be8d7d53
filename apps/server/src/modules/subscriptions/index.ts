/** AOI subscriptions (issue 16): create, list, delete, the matched scenes, the unread flag. */

export {
  type NewSubscription,
  type SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions.repository';
export { subscriptionsRoutes } from './subscriptions.routes';
export { SubscriptionsService } from './subscriptions.service';
