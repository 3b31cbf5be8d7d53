import { readFile } from 'node:fs/promises';
import { type NoticeDraft, NoticeRefused, type NoticesService } from './modules/notices';

/**
 * The operator's notice commands (npm run cli -- notice publish | list): a notice to every user
 * or to one organisation's, shown once to each on the home page (spec 000 §2 "Notice dialog").
 */
export const noticeCommandsUsage = `  notice publish --type 0|1|2|3 --title TEXT (--content TEXT | --content-file PATH) [--organisation NAME]
                      publish a notice (0 Notification, 1 System Upgrade Notification, 2 Website
                      Maintenance in process, 3 New Feature Released) to every user, or to the users
                      of one organisation (its name, any case); title 1–200 characters on one line,
                      content up to 10,000 characters, line breaks kept; each user sees it once
  notice list         the notices, newest first, with whom they reach and how many users read each`;

export const noticeCommands = ['notice publish', 'notice list'];

export const noticeOptions = {
  title: { type: 'string' },
  content: { type: 'string' },
  'content-file': { type: 'string' },
  organisation: { type: 'string' },
} as const;

export class NoticeCommandError extends Error {}

const typeNames = [
  'Notification',
  'System Upgrade Notification',
  'Website Maintenance in process',
  'New Feature Released',
];

async function contentOf(values: { content?: string; 'content-file'?: string }): Promise<string> {
  if ((values.content === undefined) === (values['content-file'] === undefined))
    throw new NoticeCommandError('give the content as either --content TEXT or --content-file PATH');
  if (values.content !== undefined) return values.content;
  try {
    return await readFile(values['content-file']!, 'utf8');
  } catch (e) {
    throw new NoticeCommandError(
      `--content-file: cannot read "${values['content-file']}": ${(e as Error).message}`,
    );
  }
}

export async function runNoticeCommand(
  command: string,
  values: { type?: string; title?: string; content?: string; 'content-file'?: string; organisation?: string },
  notices: NoticesService,
  out: (line: string) => void,
): Promise<number> {
  if (command === 'notice publish') {
    if (values.type === undefined || !/^[0-3]$/.test(values.type.trim()))
      throw new NoticeCommandError('--type must be 0, 1, 2 or 3');
    if (values.title === undefined) throw new NoticeCommandError('--title is required');
    const draft: NoticeDraft = {
      type: Number(values.type),
      title: values.title,
      content: await contentOf(values),
      ...(values.organisation !== undefined ? { organisation: values.organisation } : {}),
    };
    try {
      const notice = await notices.publish(draft);
      out(`notice ${notice.id} published`);
      return 0;
    } catch (e) {
      if (e instanceof NoticeRefused) throw new NoticeCommandError(e.message);
      throw e;
    }
  }
  const list = await notices.list();
  for (const n of list)
    out(
      `${String(n.id).padStart(4)}  ${n.published_at.toISOString()}  ${typeNames[n.type]}  "${n.title}"  to ${
        n.org_name === null ? 'everyone' : `organisation "${n.org_name}"`
      }, read by ${n.reads}`,
    );
  out(`${list.length} notices`);
  return 0;
}
