import { type OrderTagsResponse, ResultCode } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { TagsRepository } from './tags.repository';

/** The order is not the caller's, or does not exist: the same answer, so ids reveal nothing. */
const notFound = () => new ApiError(ResultCode.NotFound, 'order.notFound');

/** A tag as stored: trimmed, never empty (spec 001 §5); the schema bounds its length. */
function tagOf(tag: string): string {
  const clean = tag.trim();
  if (!clean) throw ApiError.invalid('tag', 'order.tagEmpty');
  return clean;
}

/** Order tags (spec 001 §3 Tag, §7 v1/order/tags and {orderId}/tags): a user's own orders only. */
export class TagsService {
  constructor(private readonly tags: TagsRepository) {}

  async list(userId: number): Promise<OrderTagsResponse> {
    const list = await this.tags.list(userId);
    return { list, total: list.length, more: false };
  }

  /** Tags these orders; if any is not the caller's, none changes. */
  async tagOrders(userId: number, orderIds: number[], tag: string): Promise<void> {
    if (!(await this.tags.setTag(userId, orderIds, tagOf(tag)))) throw notFound();
  }

  /** Sets or renames one order's tag. */
  async setTag(userId: number, orderId: number, tag: string): Promise<void> {
    if (!(await this.tags.setTag(userId, [orderId], tagOf(tag)))) throw notFound();
  }

  async removeTag(userId: number, orderId: number): Promise<void> {
    if (!(await this.tags.setTag(userId, [orderId], null))) throw notFound();
  }
}
