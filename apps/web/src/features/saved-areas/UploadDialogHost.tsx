import { lazy, Suspense } from 'react';
import { withLaterMessages } from '../../i18n';
import { useUploadDialogStore } from './uploadDialogStore';

// Its code (antd Upload, TreeSelect) loads when the dialog first opens.
const UploadDialog = lazy(withLaterMessages(() => import('./UploadDialog')));

/** The upload dialog wherever it is asked for: the right tool bar, the AOI centre, the POI centre. */
export function UploadDialogHost() {
  const isOpen = useUploadDialogStore((s) => s.isOpen);
  return isOpen ? (
    <Suspense>
      <UploadDialog />
    </Suspense>
  ) : null;
}
