/** Ordering: sizing (areas, group minimums, prices) and, beside it, the orders themselves. */

export { OrderCentreRepository } from './centre.repository';
export { orderCentreRoutes } from './centre.routes';
export { OrderCentreService } from './centre.service';
export { CompaniesRepository } from './companies.repository';
export { OrdersRepository } from './orders.repository';
export { ordersRoutes } from './orders.routes';
export { OrdersService } from './orders.service';
export { loadPriceList, PriceList } from './sizing/price-list';
export { SizingRepository } from './sizing/sizing.repository';
export { sizingRoutes } from './sizing/sizing.routes';
export { SizingService } from './sizing/sizing.service';
export type {
  ArchiveOrderSizing,
  OrderedScene,
  OrderSizingService,
  TaskingOrderSizing,
  TaskingSizingRequest,
} from './sizing/types';
export { TagsRepository } from './tags.repository';
export { tagsRoutes } from './tags.routes';
export { TagsService } from './tags.service';
