import { PredictionResults } from './PredictionResults';
import { TaskingForm } from './TaskingForm';
import { useTaskingStore } from './taskingStore';

/** The Tasking tab of the search centre (spec 000 §2, §4): step 0 conditions, step 1 prediction. */
export function TaskingPanel() {
  const step = useTaskingStore((s) => s.step);
  return step === 0 ? <TaskingForm /> : <PredictionResults />;
}
