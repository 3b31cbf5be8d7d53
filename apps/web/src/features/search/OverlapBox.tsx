import type { ArchiveScene } from '@satportal/contract';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { canCompare, compareMax, compareMin } from './compare';
import { MapBox, SceneCloud, SceneSummary } from './MapBox';
import styles from './overlap.module.css';
import { SceneViewButton } from './SceneViewButton';

/**
 * The overlap box (spec 000 §2): every scene under a left click, oldest first. Each can be shown
 * or hidden; 2 to 10 of them can be picked for compare mode.
 */
export function OverlapBox(props: {
  pixel: [number, number];
  scenes: readonly ArchiveScene[];
  timeZone: string;
  onView: ReadonlySet<string>;
  picked: readonly string[];
  onPick(sceneId: string, picked: boolean): void;
  onToggleView(scene: ArchiveScene): void;
  onHover(sceneId: string | null): void;
  onCompare(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { picked } = props;
  return (
    <MapBox
      pixel={props.pixel}
      title={t('overlap.title', { count: props.scenes.length })}
      onClose={props.onClose}
      testId="overlap-box"
      footer={
        <>
          <Button
            type="primary"
            block
            disabled={!canCompare(picked.length)}
            onClick={props.onCompare}
            data-testid="overlap-compare"
          >
            {t('overlap.compare', { count: picked.length })}
          </Button>
          <p className={styles.hint}>{t('overlap.compareHint', { min: compareMin, max: compareMax })}</p>
        </>
      }
    >
      <ul className={styles.list} onMouseLeave={() => props.onHover(null)}>
        {props.scenes.map((scene) => {
          const shown = props.onView.has(scene.sceneId);
          const isPicked = picked.includes(scene.sceneId);
          return (
            <li
              key={scene.sceneId}
              className={styles.row}
              onMouseEnter={() => props.onHover(scene.sceneId)}
              data-testid="overlap-scene"
              data-scene-id={scene.sceneId}
              data-time={scene.time}
            >
              <Checkbox
                checked={isPicked}
                disabled={!isPicked && picked.length >= compareMax}
                onChange={(e) => props.onPick(scene.sceneId, e.target.checked)}
                aria-label={t('overlap.pick')}
              />
              <SceneSummary scene={scene} timeZone={props.timeZone} />
              <SceneCloud scene={scene} />
              <SceneViewButton
                shown={shown}
                onToggle={() => props.onToggleView(scene)}
                testId="overlap-view"
              />
            </li>
          );
        })}
      </ul>
    </MapBox>
  );
}
