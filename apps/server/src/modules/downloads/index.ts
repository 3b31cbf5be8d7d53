/** Delivered packages: signed download links and `GET oss/` for the order's owner. */
export { DownloadsRepository, type OwnedPackage } from './downloads.repository';
export { downloadRoutes } from './downloads.routes';
export { type Download, DownloadsService } from './downloads.service';
export { DownloadLinks, type LinkCheck, sharedLinkSecret } from './links';
