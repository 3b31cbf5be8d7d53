import {
  ColumnWidthOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  ExpandOutlined,
  GatewayOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { MapController } from '../../map/MapController';
import { useMapEvent } from '../../map/react/useMapEvents';
import type { DrawingTool } from '../../map/types';
import { ToolbarButton } from '../../shared/ui/ToolbarButton';
import { useUploadDialogStore } from '../saved-areas/uploadDialogStore';

const tools: ReadonlyArray<{ tool: DrawingTool; icon: ReactNode; labelKey: TranslationKey; testId: string }> =
  [
    { tool: 'polygon', icon: <GatewayOutlined />, labelKey: 'draw.polygon', testId: 'draw-polygon' },
    { tool: 'point', icon: <EnvironmentOutlined />, labelKey: 'draw.point', testId: 'draw-point' },
    {
      tool: 'measureLength',
      icon: <ColumnWidthOutlined />,
      labelKey: 'draw.measureLength',
      testId: 'measure-length',
    },
    { tool: 'measureArea', icon: <ExpandOutlined />, labelKey: 'draw.measureArea', testId: 'measure-area' },
  ];

function ToolButton(props: {
  labelKey: TranslationKey;
  icon: ReactNode;
  testId: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { labelKey, ...rest } = props;
  return <ToolbarButton label={t(labelKey)} {...rest} />;
}

/**
 * The drawing part of the right tool bar (spec 000 §2): draw polygon, draw point, delete drawing,
 * upload, measure length, measure area. One tool at a time; pressing the active one ends it.
 */
export function DrawingTools({ controller }: { controller: MapController | null }) {
  const active = useMapEvent(controller, 'toolChanged', (c) => c?.getTool() ?? null);
  const openUpload = useUploadDialogStore((s) => s.open);
  const button = (entry: (typeof tools)[number]) => (
    <ToolButton
      key={entry.tool}
      {...entry}
      pressed={active === entry.tool}
      disabled={!controller}
      onClick={() => controller?.startTool(active === entry.tool ? null : entry.tool)}
    />
  );
  const [polygon, point, ...measures] = tools;
  return (
    <>
      {polygon && button(polygon)}
      {point && button(point)}
      <ToolButton
        labelKey="draw.delete"
        icon={<DeleteOutlined />}
        testId="delete-drawing"
        disabled={!controller}
        onClick={() => controller?.deleteDrawing()}
      />
      <ToolButton
        labelKey="draw.upload"
        icon={<UploadOutlined />}
        testId="upload-open"
        disabled={false}
        onClick={() => {
          controller?.startTool(null);
          openUpload();
        }}
      />
      {measures.map(button)}
    </>
  );
}
