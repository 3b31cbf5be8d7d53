import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './search.module.css';

/** The eye that shows or hides a scene's quicklook on the map: in the result list and the overlap box. */
export function SceneViewButton(props: { shown: boolean; onToggle(): void; testId: string }) {
  const { t } = useTranslation();
  const { shown } = props;
  return (
    <Button
      type="text"
      size="small"
      icon={shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      className={shown ? styles.viewOn : undefined}
      aria-pressed={shown}
      aria-label={t(shown ? 'results.hideScene' : 'results.showScene')}
      onClick={props.onToggle}
      data-testid={props.testId}
    />
  );
}
