import {
  CloseOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LinkOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { MyDataScene } from '@satportal/contract';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { dayIn } from '../../shared/format/days';
import type { LinkKind } from './myData';
import styles from './myData.module.css';

interface Props {
  scene: MyDataScene;
  sceneKey: string;
  side: 'left' | 'right' | null;
  inView: boolean;
  timeZone: string;
  /** In analysis the lists are fixed: only view and links stay. */
  locked: boolean;
  onPut(side: 'left' | 'right'): void;
  onRemove(): void;
  onToggleView(): void;
  onCopy(kind: LinkKind): void;
}

function IconButton({
  label,
  icon,
  onClick,
  testId,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** One delivered scene of the 3-column list: facts, left / right / remove, view, links. */
export function MyDataSceneCard(props: Props) {
  const { scene, sceneKey, side, inView, timeZone, locked } = props;
  const { t } = useTranslation();
  return (
    <li className={styles.card} data-testid="my-data-scene" data-scene-key={sceneKey} data-side={side ?? ''}>
      <Tooltip title={scene.sceneId}>
        <span className={styles.sceneId}>{scene.sceneId}</span>
      </Tooltip>
      <span className={styles.meta}>{dayIn(new Date(scene.imageTime), timeZone)}</span>
      <span className={styles.meta}>
        {scene.satGroupName} · {t('myData.gsd', { value: scene.imageGsd })}
      </span>
      {/* The whole order number, wrapped: cut, two orders of one day read alike (issue 28 #4). */}
      <Tooltip title={t('myData.orderNumber')}>
        <span className={styles.orderNumber} data-testid="my-data-order-number">
          {scene.batchName}
        </span>
      </Tooltip>
      {/* The level tells one scene's L1 and L3D deliveries apart; the service and format, how it is drawn. */}
      <span className={styles.meta} data-testid="my-data-product">
        {t('myData.product', {
          level: t(`order.levelShort.${scene.level}` as TranslationKey),
          service: scene.accessType,
          format: scene.formatType,
        })}
      </span>
      <div className={styles.buttons}>
        <Tooltip title={t('myData.toLeft')}>
          <Button
            size="small"
            danger={side === 'left'}
            type={side === 'left' ? 'primary' : 'default'}
            disabled={locked}
            aria-label={t('myData.toLeft')}
            aria-pressed={side === 'left'}
            onClick={() => props.onPut('left')}
            data-testid="my-data-to-left"
          >
            {t('myData.left')}
          </Button>
        </Tooltip>
        <Tooltip title={t('myData.toRight')}>
          <Button
            size="small"
            type={side === 'right' ? 'primary' : 'default'}
            disabled={locked}
            aria-label={t('myData.toRight')}
            aria-pressed={side === 'right'}
            onClick={() => props.onPut('right')}
            data-testid="my-data-to-right"
          >
            {t('myData.right')}
          </Button>
        </Tooltip>
      </div>
      <div className={styles.buttons}>
        {side && (
          <IconButton
            label={t('myData.remove')}
            icon={<CloseOutlined />}
            onClick={props.onRemove}
            disabled={locked}
            testId="my-data-remove"
          />
        )}
        <IconButton
          label={inView ? t('myData.hide') : t('myData.view')}
          icon={inView ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          onClick={props.onToggleView}
          disabled={locked}
          testId="my-data-view"
        />
        <IconButton
          label={t('myData.copyXyz')}
          icon={<LinkOutlined />}
          onClick={() => props.onCopy('xyz')}
          testId="my-data-copy-xyz"
        />
        <IconButton
          label={t('myData.copyWmts')}
          icon={<ShareAltOutlined />}
          onClick={() => props.onCopy('wmts')}
          testId="my-data-copy-wmts"
        />
      </div>
    </li>
  );
}
