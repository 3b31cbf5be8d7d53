/** Row shapes of fulfilment's SQL (fulfilment.repository.ts) that other files read too. */

/** The order row as a settle locks it: enough for its events. */
export interface OrderHead {
  status: number;
  userId: number;
  orderNumber: string;
}

export interface OperatorOrderRow {
  id: number;
  orderNumber: string;
  username: string;
  kind: number;
  status: number;
  level: number;
  createdAt: Date;
  auditedBy: string | null;
  termStates: number[];
}

export interface MailFacts {
  id: number;
  orderNumber: string;
  status: number;
  email: string;
  userName: string;
  language: 'en' | 'zh';
  delivered: number;
  failed: number;
  terms: number;
  downloadUntil: Date | null;
}
