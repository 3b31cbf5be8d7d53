import { PredictionResults } from './PredictionResults';
import { TaskingForm } from './TaskingForm';
import { TaskingOrderButton } from './TaskingOrderButton';
import styles from './tasking.module.css';
import { useTaskingStore } from './taskingStore';

/** The Tasking tab of the search centre (spec 000 §2, §4): step 0 conditions, step 1 prediction, ordered from its top. */
export function TaskingPanel() {
  const step = useTaskingStore((s) => s.step);
  if (step === 0) return <TaskingForm />;
  return (
    <>
      <div className={styles.orderBar}>
        <TaskingOrderButton size="middle" testId="tasking-order-prediction" />
      </div>
      <PredictionResults />
    </>
  );
}
