import { CloseCircleOutlined } from '@ant-design/icons';
import type { ArchiveScene } from '@satportal/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapBox, SceneSummary } from './MapBox';
import styles from './overlap.module.css';

/** The popup of a right click on several shown quicklooks (spec 000 §2): remove them one at a time. */
export function RemoveMenu(props: {
  pixel: [number, number];
  scenes: readonly ArchiveScene[];
  timeZone: string;
  onRemove(sceneId: string): void;
  onHover(sceneId: string | null): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <MapBox pixel={props.pixel} title={t('overlap.removeTitle')} onClose={props.onClose} testId="remove-menu">
      <ul className={styles.list} onMouseLeave={() => props.onHover(null)}>
        {props.scenes.map((scene) => (
          <li
            key={scene.sceneId}
            className={styles.row}
            onMouseEnter={() => props.onHover(scene.sceneId)}
            data-testid="remove-scene"
            data-scene-id={scene.sceneId}
          >
            <SceneSummary scene={scene} timeZone={props.timeZone} />
            <Button
              size="small"
              danger
              icon={<CloseCircleOutlined />}
              onClick={() => props.onRemove(scene.sceneId)}
              data-testid="remove-scene-button"
            >
              {t('overlap.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </MapBox>
  );
}
