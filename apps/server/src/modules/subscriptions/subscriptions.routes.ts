import {
  Paths,
  Subscription,
  SubscriptionCreateRequest,
  SubscriptionCreateResponse,
  SubscriptionIdParams,
  SubscriptionItemsQuery,
  SubscriptionItemsResponse,
  SubscriptionListQuery,
  SubscriptionListResponse,
  SubscriptionStatusResponse,
} from '@satportal/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * AOI subscriptions (spec 000 §7): create, list, delete, the matched scenes, the unread flag.
 * Every caller needs a session and reaches only their own subscriptions.
 */
export function subscriptionsRoutes(app: Http, subscriptions: SubscriptionsService): void {
  const userOf = (request: FastifyRequest) => principalOf(request).user.id;

  app.post(
    Paths.subscriptions,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'createSubscription',
        tags: ['subscriptions'],
        summary:
          'Subscription create (spec 000 §7): 2000 with the id; 4000 with a key per check of spec 000 §5 "Subscription submit"; 4004 aoi.notFound for an aoiId not among the caller\'s AOIs; 4154 subscribe.sameAoiSamePeriod when one of the caller\'s subscriptions has the same AOI in an overlapping window',
        body: SubscriptionCreateRequest,
        response: responses(SubscriptionCreateResponse),
      },
    },
    async (request) => ok(await subscriptions.create(userOf(request), request.body)),
  );

  app.get(
    Paths.subscriptions,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listSubscriptions',
        tags: ['subscriptions'],
        summary:
          "Subscription list (spec 000 §7): the caller's subscriptions in process (window not yet over, UTC) or ended, sorted by createTime or imageTime (no image last), optionally only those with new images; with both tab counts and the last match time",
        querystring: SubscriptionListQuery,
        response: responses(SubscriptionListResponse),
      },
    },
    async (request) => {
      return ok(await subscriptions.list(userOf(request), request.query));
    },
  );

  app.get(
    Paths.subscriptionStatus,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getSubscriptionUnread',
        tags: ['subscriptions'],
        summary:
          'Subscription status (spec 000 §7): whether a subscription matched new scenes since the centre was last opened',
        response: responses(SubscriptionStatusResponse),
      },
    },
    async (request) => ok(await subscriptions.status(userOf(request))),
  );

  app.put(
    Paths.subscriptionStatus,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'markSubscriptionsRead',
        tags: ['subscriptions'],
        summary: 'Subscription mark read (spec 000 §7): clears the red dot',
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await subscriptions.markRead(userOf(request));
      return ok(null);
    },
  );

  app.get(
    Paths.subscription,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getSubscription',
        tags: ['subscriptions'],
        summary:
          "One subscription as the list shows it (issue 28 #6: a link to it); another user's or an unknown id is 4004",
        params: SubscriptionIdParams,
        response: responses(Subscription),
      },
    },
    async (request) => ok(await subscriptions.get(userOf(request), request.params.id)),
  );

  app.delete(
    Paths.subscription,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'deleteSubscription',
        tags: ['subscriptions'],
        summary: "Subscription delete (spec 000 §7): another user's or an unknown id is 4004",
        params: SubscriptionIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await subscriptions.delete(userOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    Paths.subscriptionItems,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listSubscriptionItems',
        tags: ['subscriptions'],
        summary:
          "Subscription items (spec 000 §7): the subscription's matched scenes answered like an archive search (scenes, more, total, taskId, ac); a taskId of an earlier page continues it with its own sort and days; another user's subscription is 4004",
        params: SubscriptionIdParams,
        querystring: SubscriptionItemsQuery,
        response: responses(SubscriptionItemsResponse),
      },
    },
    async (request) => {
      return ok(await subscriptions.items(userOf(request), request.params.id, request.query));
    },
  );
}
