/** E-mail to customers: an SMTP server when configured, `.eml` files in the outbox otherwise. */
export { createMailer, type Mailer, type MailMessage, OutboxMailer, SmtpMailer } from './mailer';
export { type OrderMail, type OrderMailFacts, type OrderMailKind, orderMail } from './order-mail';
export {
  ScenesNamedInMail,
  type SubscriptionMail,
  type SubscriptionMailFacts,
  subscriptionMail,
} from './subscription-mail';
