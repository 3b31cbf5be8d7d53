/** Usage accounting (bytes served per user and UTC day), the usage report and the HD allowance. */
export { HdAllowance, utcDayOf } from './hd-allowance';
export { type AllowanceRow, UsageRepository } from './usage.repository';
export { usageRoutes } from './usage.routes';
export { type Allowances, UsagePeriodMaxDays, UsageService } from './usage.service';
export { type ServedKind, type ServedSum, UsageLedger } from './usage-ledger';
