/**
 * The e-mails to an orderer (issue 14): delivered, partly delivered, failed. These are the
 * server's own texts (a mail has no browser to translate keys), in the user's language.
 */
export type OrderMailKind = 'delivered' | 'partial' | 'failed';

export interface OrderMailFacts {
  orderNumber: string;
  userName: string;
  language: 'en' | 'zh';
  /** The portal's address as people reach it (`Config.fulfilment.publicUrl`). */
  portalUrl: string;
  terms: {
    total: number;
    delivered: number;
    failed: number;
    /** Until when the delivered packages can be downloaded; null when nothing was delivered. */
    downloadUntil: Date | null;
  };
}

export interface OrderMail {
  subject: string;
  text: string;
  html: string;
}

/** The five characters that change meaning in HTML text and attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A moment the reader cannot misread: minutes, UTC, said so. */
export const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface Wording {
  subject: string;
  greeting: string;
  lines: string[];
  link: string;
  closing: string;
}

function english(kind: OrderMailKind, f: OrderMailFacts): Wording {
  const { total, delivered, failed, downloadUntil } = f.terms;
  const until = downloadUntil ? ` until ${utc(downloadUntil)}` : '';
  const common = { greeting: `Dear ${f.userName},`, closing: 'Satportal' };
  if (kind === 'delivered')
    return {
      ...common,
      subject: `Order ${f.orderNumber} is ready to download`,
      lines: [
        `Your order ${f.orderNumber} has been delivered: ${delivered} of ${total} packages are ready.`,
        `Download them from the order centre${until}.`,
      ],
      link: 'Open the order centre',
    };
  if (kind === 'partial')
    return {
      ...common,
      subject: `Order ${f.orderNumber} was partly delivered`,
      lines: [
        `Your order ${f.orderNumber} was partly delivered: ${delivered} of ${total} packages are ready, ${failed} could not be delivered.`,
        `Download the delivered packages from the order centre${until}; the order detail says why the others failed.`,
      ],
      link: 'Open the order centre',
    };
  return {
    ...common,
    subject: `Order ${f.orderNumber} could not be delivered`,
    lines: [
      `We are sorry: your order ${f.orderNumber} could not be delivered (${failed} of ${total} failed).`,
      'The order detail in the order centre says why. Please contact us if you need help.',
    ],
    link: 'Open the order centre',
  };
}

function chinese(kind: OrderMailKind, f: OrderMailFacts): Wording {
  const { total, delivered, failed, downloadUntil } = f.terms;
  const until = downloadUntil ? `（有效期至 ${utc(downloadUntil)}）` : '';
  const common = { greeting: `${f.userName}，您好：`, closing: 'Satportal' };
  if (kind === 'delivered')
    return {
      ...common,
      subject: `订单 ${f.orderNumber} 已可下载`,
      lines: [
        `您的订单 ${f.orderNumber} 已交付：共 ${total} 个数据包，${delivered} 个已就绪。`,
        `请在订单中心下载${until}。`,
      ],
      link: '打开订单中心',
    };
  if (kind === 'partial')
    return {
      ...common,
      subject: `订单 ${f.orderNumber} 已部分交付`,
      lines: [
        `您的订单 ${f.orderNumber} 已部分交付：共 ${total} 个数据包，${delivered} 个已就绪，${failed} 个未能交付。`,
        `请在订单中心下载已交付的数据包${until}；订单详情中列出了其余数据包失败的原因。`,
      ],
      link: '打开订单中心',
    };
  return {
    ...common,
    subject: `订单 ${f.orderNumber} 未能交付`,
    lines: [
      `很抱歉，您的订单 ${f.orderNumber} 未能交付（共 ${total} 个，${failed} 个失败）。`,
      '失败原因请查看订单中心的订单详情。如需帮助，请联系我们。',
    ],
    link: '打开订单中心',
  };
}

export function orderMail(kind: OrderMailKind, facts: OrderMailFacts): OrderMail {
  const w = facts.language === 'zh' ? chinese(kind, facts) : english(kind, facts);
  const url = facts.portalUrl;
  const text = [w.greeting, '', ...w.lines, '', `${w.link}: ${url}`, '', w.closing, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${facts.language}"><body>`,
    `<p>${escapeHtml(w.greeting)}</p>`,
    ...w.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(w.link)}</a></p>`,
    `<p>${escapeHtml(w.closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: w.subject, text, html };
}
