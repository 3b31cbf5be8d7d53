import { OrderType, OrgType } from '@satportal/contract';
import type { AccountsService } from '../modules/accounts/accounts.service';
import type { UsageService } from '../modules/usage';

/**
 * The three demo accounts of the embedded default (issue 2). Their passwords are
 * public on purpose: they are printed at start and written in the README.
 */
export const demoAccounts = [
  {
    username: 'demo',
    password: 'satportal-demo',
    role: 'customer (org type 4), may order archive and tasking',
    org: {
      name: 'Aurora Earth Analytics',
      type: OrgType.Customer,
      orderTypes: [OrderType.Archive, OrderType.Tasking],
      address: '18 Zhongguancun Street, Haidian District, Beijing',
      contactPerson: 'Li Wei',
    },
    email: 'demo@aurora-earth.example',
    phone: '+86 10 5555 0100',
    // A day limit, so the account centre's usage box shows a share of it; the HD allowance is the
    // server's default, without full HD, so the HD map's quota dialog can be met.
    dayFlowLimitGiB: 2,
  },
  {
    username: 'reseller',
    password: 'satportal-reseller',
    role: 'reseller (org type 3), may order archive only',
    org: {
      name: 'Meridian Imagery Resale',
      type: OrgType.Reseller,
      orderTypes: [OrderType.Archive],
      address: '1 Canada Square, London E14 5AB',
      contactPerson: 'Amelia Hart',
    },
    email: 'orders@meridian-resale.example',
    phone: '+44 20 5555 0199',
  },
  {
    username: 'viewer',
    password: 'satportal-viewer',
    role: 'no order authority',
    org: {
      name: 'Open Atlas Library',
      type: OrgType.Viewer,
      orderTypes: [] as number[],
      address: 'Rua Augusta 100, Lisbon',
      contactPerson: 'Rui Costa',
    },
    email: 'viewer@open-atlas.example',
    phone: '',
  },
] as const;

/**
 * Creates the demo accounts that do not exist yet, with their allowances (when `usage` is given);
 * never resets a changed password or allowance.
 */
export async function ensureDemoAccounts(accounts: AccountsService, usage?: UsageService): Promise<string[]> {
  const created: string[] = [];
  for (const demo of demoAccounts) {
    if (await accounts.findUser(demo.username)) continue;
    const user = await accounts.createUser({
      username: demo.username,
      password: demo.password,
      orgName: demo.org.name,
      orgType: demo.org.type,
      orderTypes: [...demo.org.orderTypes],
      orgAddress: demo.org.address,
      orgContactPerson: demo.org.contactPerson,
      email: demo.email,
      phone: demo.phone,
    });
    if (usage && 'dayFlowLimitGiB' in demo)
      await usage.setAllowances(user.id, { dayFlowLimitBytes: demo.dayFlowLimitGiB * 1024 ** 3 });
    created.push(demo.username);
  }
  return created;
}
