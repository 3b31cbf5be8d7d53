/** Notices (issue 16): published by the operator, to everyone or one organisation; read once per user. */
export type { NoticeReachRow } from './notices.repository';
export { NoticesRepository } from './notices.repository';
export { noticesRoutes } from './notices.routes';
export { type NoticeDraft, NoticeRefused, NoticesService } from './notices.service';
