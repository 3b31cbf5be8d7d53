import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './subscriptionCreate.module.css';

/**
 * What a submit ended in, shown under the form (the panel's and the no-archive dialog's alike):
 * the server's refusal (4154, a 4000's key) or the success with a way to the subscription centre.
 */
export function CreateOutcome(props: {
  refusal: string | null;
  created: boolean;
  onOpenCentre(): void;
  /** `${testId}-refusal`, `-created`, `-open-centre` */
  testId: string;
}) {
  const { refusal, created, onOpenCentre, testId } = props;
  const { t } = useTranslation();
  return (
    <>
      {refusal && (
        <Alert
          type="error"
          showIcon
          className={styles.alert}
          title={refusal}
          data-testid={`${testId}-refusal`}
        />
      )}
      {created && (
        <Alert
          type="success"
          showIcon
          className={styles.alert}
          title={t('subscribe.createOK')}
          action={
            <Button size="small" onClick={onOpenCentre} data-testid={`${testId}-open-centre`}>
              {t('subscribe.openCentre')}
            </Button>
          }
          data-testid={`${testId}-created`}
        />
      )}
    </>
  );
}
