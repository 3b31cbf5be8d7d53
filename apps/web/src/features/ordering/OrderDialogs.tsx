import { ArchiveOrderDialog } from './ArchiveOrderDialog';
import { OrderSuccessDialog } from './OrderSuccessDialog';
import { useOrderDialogStore } from './orderDialogStore';
import { TaskingOrderDialog } from './TaskingOrderDialog';

/** The open order dialog; the workspace loads this chunk only once one is opened. */
export default function OrderDialogs() {
  const dialog = useOrderDialogStore((s) => s.dialog);
  if (dialog?.kind === 'archive') return <ArchiveOrderDialog />;
  if (dialog?.kind === 'tasking')
    return <TaskingOrderDialog taskId={dialog.taskId} passes={dialog.passes} request={dialog.request} />;
  if (dialog?.kind === 'success') return <OrderSuccessDialog orders={dialog.orders} />;
  return null;
}
