import { type Mailer, subscriptionMail } from '../../../mail';
import type { SubscriptionMailsRepository } from './subscription-mails.repository';

export type MailOutcome = 'sent' | 'noAddress' | 'nothing';

/**
 * Sends the mails matching wrote, one per subscription per batch, to the subscription's owner.
 * At least once: the row is marked sent after the mailer accepted the message, so a crash
 * between the two sends it again on the next try — a repeated notice is better than a lost one.
 */
export class SubscriptionMailsService {
  constructor(
    private readonly repository: SubscriptionMailsRepository,
    private readonly mailer: Mailer,
    private readonly portalUrl: string,
  ) {}

  async unsentIds(): Promise<number[]> {
    return this.repository.unsentIds();
  }

  /** Sends one mail unless it was sent already; a user without an address is skipped and the row closed. */
  async send(mailId: number): Promise<MailOutcome> {
    const mail = await this.repository.unsent(mailId);
    if (!mail) return 'nothing';
    if (!mail.email) {
      // Nothing can ever be sent to nobody: closing the row keeps the sweep from retrying it forever.
      await this.repository.markSent(mailId);
      return 'noAddress';
    }
    const message = subscriptionMail({
      userName: mail.userName,
      language: mail.language,
      portalUrl: this.portalUrl,
      subscriptionName: mail.subscriptionName,
      aoiName: mail.aoiName,
      scenes: mail.scenes,
    });
    await this.mailer.send({ to: mail.email, ...message });
    await this.repository.markSent(mailId);
    return 'sent';
  }
}
