import type { RequestInfo } from '@satportal/contract';
import type { AccountsService } from '../modules/accounts/accounts.service';
import type { CompaniesRepository } from '../modules/orders';

/** End users the demo reseller has "ordered for before", so its requester look-up offers something. */
export const demoEndUserCompanies: RequestInfo[] = [
  {
    company: 'Thames Estuary Ports Authority',
    contact: 'Oliver Grant',
    application: 'maritime',
    email: 'gis@thames-ports.example',
    address: 'London River House, Gravesend DA12 2BG',
  },
  {
    company: 'Northfield Agronomy Cooperative',
    contact: 'Hannah Price',
    application: 'agriculture',
    email: 'fields@northfield-agro.example',
    address: '4 Mill Lane, Lincoln LN1 3AA',
  },
  {
    company: 'Caledonian Forestry Trust',
    contact: 'Callum Reid',
    application: 'forestry',
    email: 'survey@caledonian-forests.example',
    address: '12 Riverside Drive, Inverness IV3 5SS',
  },
  {
    company: 'Severn Flood Resilience Partnership',
    contact: 'Megan Hughes',
    application: 'hazards',
    email: 'mapping@severn-flood.example',
    address: 'Shire Hall, Gloucester GL1 2TG',
  },
];

/**
 * Gives the demo reseller's organisation its end-user companies while it has none: a list the
 * reseller has changed since (by ordering) is left as it is.
 */
export async function ensureDemoCompanies(
  accounts: Pick<AccountsService, 'findUser'>,
  companies: Pick<CompaniesRepository, 'countOf' | 'save'>,
): Promise<number> {
  const reseller = await accounts.findUser('reseller');
  if (!reseller || (await companies.countOf(reseller.org_id)) > 0) return 0;
  for (const info of demoEndUserCompanies) await companies.save({ orgId: reseller.org_id, info });
  return demoEndUserCompanies.length;
}
