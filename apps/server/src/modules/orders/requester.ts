import {
  isEmailAddress,
  type OrderRequestInfo,
  OrgType,
  type RequestInfo,
  RequestTypes,
  type User,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';

/** The requester an order records: for an end user (1) or for internal use (2), with the information. */
export interface Requester {
  type: 1 | 2;
  info: RequestInfo | null;
  /** A reseller's end user: saved to its organisation's company list (the look-up offers it next time). */
  saveCompany: boolean;
}

const requiredFields = ['company', 'email', 'address', 'application', 'contact'] as const;

// Deliberately loose (RFC 5322 allows far more): one @, no spaces, a dot in the domain. The
// address is for people to read on the order, not for the server to send mail to.
const trimmed = (info: RequestInfo): RequestInfo => ({
  ...(info.id ? { id: info.id } : {}),
  company: info.company.trim(),
  contact: info.contact.trim(),
  application: info.application,
  email: info.email.trim(),
  address: info.address.trim(),
});

/** Every field the end-user block asks for, filled, and a readable e-mail address. */
function complete(info: RequestInfo | undefined): RequestInfo {
  const field = (name: string) => `orderRequestInfo.requestInfo.${name}`;
  if (!info)
    throw ApiError.invalid(field('company'), 'order.requesterIncomplete', { field: 'order.company' });
  const clean = trimmed(info);
  for (const name of requiredFields) {
    if (!clean[name])
      throw ApiError.invalid(field(name), 'order.requesterIncomplete', { field: `order.${name}` });
  }
  if (!isEmailAddress(clean.email)) throw ApiError.invalid(field('email'), 'order.requesterInvalidEmail');
  return clean;
}

/**
 * The requester rules of DESIGN §9 (spec 001 §5): a reseller (organisation type 3) ordering for
 * an end user fills company, e-mail, address, application and contact, and for internal use
 * nothing; a customer (type 4) orders for itself, so the server records its own organisation
 * (the block is read-only in the browser and whatever the body says is ignored); any other
 * organisation type fills the same fields as a reseller's end user.
 */
export function requesterOf(user: User, given: OrderRequestInfo): Requester {
  const org = user.org;
  if (org.type === OrgType.Customer) {
    return {
      type: RequestTypes.Internal,
      info: {
        company: org.name,
        contact: org.orgContactPerson.contactPerson,
        application: '',
        email: user.email,
        address: org.address,
      },
      saveCompany: false,
    };
  }
  if (org.type === OrgType.Reseller && given.type === RequestTypes.Internal) {
    return { type: RequestTypes.Internal, info: null, saveCompany: false };
  }
  const type = given.type === RequestTypes.Internal ? RequestTypes.Internal : RequestTypes.EndUser;
  return {
    type,
    info: complete(given.requestInfo),
    saveCompany: org.type === OrgType.Reseller,
  };
}
