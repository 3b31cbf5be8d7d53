import { type AoiNode, ResultCode } from '@satportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, TreeSelect } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { messageOf } from '../../api/messages';
import type { MapController } from '../../map/MapController';
import { useFreeSpan } from '../../map/react/useFreeSpan';
import { useMapEvent } from '../../map/react/useMapEvents';
import type { DrawnPolygon } from '../../map/types';
import { usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import { nameProblem } from '../saved-areas/names';
import { type AreaTreeNode, buildTree, isFolderLike } from '../saved-areas/tree';
import { useAoiTree, useMessageText } from '../saved-areas/useSavedAreas';
import styles from './drawing.module.css';
import { nextPolygonName } from './drawingText';
import { NameInput } from './NameInput';

interface FolderOption {
  value: number;
  title: string;
  children: FolderOption[];
}

function folderOptions(entries: readonly AreaTreeNode[], rootName: string): FolderOption[] {
  return entries
    .filter((e) => isFolderLike(e.node))
    .map((e) => ({
      value: e.node.id,
      title: e.node.kind === 'root' ? rootName : e.node.name,
      children: folderOptions(e.children, rootName),
    }));
}

const aoiNames = (nodes: readonly AoiNode[] | undefined) =>
  (nodes ?? []).filter((n) => n.kind === 'aoi').map((n) => n.name);

/**
 * The save-AOI bar (spec 001 §2): after a polygon is drawn, its name (default `Polygon1`,
 * `Polygon2`…, at most 50 characters, tip.aoiName when empty) and a folder of "My AOIs" (chosen
 * at first: the root, as in the upload dialog; tip.chooseFolder when cleared). Saving stores it
 * (POST /aois) and the polygon stays on the map as the current AOI. A reshaped polygon brings the
 * bar back: the server has no geometry update, so a reshape is saved as a new AOI.
 */
export function SaveAoiBar({
  controller,
  polygon,
}: {
  controller: MapController | null;
  /** The drawn polygon (DrawingLayer follows it: this bar's code loads only once there is one). */
  polygon: DrawnPolygon | null;
}) {
  const { t, i18n } = useTranslation();
  const besidePanel = usePanelStore((s) => s.openPanel !== null);
  // Centred over the map the docked boxes leave free (the result list stands beside the panel).
  const bar = useRef<HTMLElement>(null);
  const span = useFreeSpan(controller, bar, 720);
  const api = useApi();
  const queryClient = useQueryClient();
  const message = useToast();
  const messageText = useMessageText();
  // After a search the polygon leaves modify mode: the reshape hint would then be untrue.
  const modifiable = useMapEvent(controller, 'aoiModifiableChanged', (c) => c?.isAoiModifiable() ?? false);
  const tree = useAoiTree();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const [folder, setFolder] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The boxes stacked above the bar (the cart) stand above it however many rows it wraps to.
  const shown = open && polygon !== null;
  useEffect(() => {
    const element = shown ? bar.current : null;
    // On the document: the cart box renders elsewhere in the page (the workspace fills the window).
    const host = document.documentElement;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const fromBottom = window.innerHeight - element.getBoundingClientRect().top;
      host.style.setProperty('--above-save-bar', `${Math.ceil(fromBottom) + 8}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      host.style.removeProperty('--above-save-bar');
    };
  }, [shown]);

  // A new polygon opens the bar with the default name; a reshape keeps the name typed or saved.
  useEffect(() => {
    setOpen(polygon !== null);
    setProblem(null);
    if (polygon && !polygon.modified) setName(null);
  }, [polygon]);

  const folders = useMemo(() => folderOptions(buildTree(tree.data ?? []), t('aoi.myAois')), [tree.data, t]);
  const root = tree.data?.find((n) => n.kind === 'root');
  const chosenFolder = folder === undefined ? root?.id : (folder ?? undefined);
  const shownName = name ?? nextPolygonName(aoiNames(tree.data));

  if (!open || !polygon) return null;

  const save = async () => {
    const nameError = nameProblem(shownName, 'tip.aoiName');
    if (nameError) {
      setProblem(t(nameError.key, nameError.params));
      return;
    }
    if (chosenFolder === undefined) {
      setProblem(t('tip.chooseFolder'));
      return;
    }
    setSaving(true);
    try {
      const saved = await api.addAoi(
        {
          hasGeo: true,
          name: shownName.trim(),
          parentId: chosenFolder,
          geometry: { type: 4, geojson: polygon.geojson },
        },
        { handles: [ResultCode.ValidationFailed, ResultCode.NotFound, ResultCode.Conflict] },
      );
      controller?.markDrawnPolygonSaved({ id: saved.id, name: saved.name });
      setName(saved.name);
      setOpen(false);
      void message.success(t('saveOK'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.aois });
    } catch (error) {
      // Spec 001 §8: the server's message, prefixed "Failed: " for an AOI add.
      if (error instanceof ApiError && !error.handled) {
        const shown = messageOf(error, (key) => i18n.exists(key));
        const text = messageText(shown.key, shown.params);
        setProblem(text);
        void message.error(t('draw.failed', { message: text }));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      ref={bar}
      style={span}
      className={`${styles.saveBar} ${besidePanel ? styles.saveBarBesidePanel : ''}`}
      data-testid="save-aoi-bar"
      data-map-cover
      aria-label={t('draw.saveTitle')}
    >
      <div className={styles.saveBarRow}>
        <strong className={styles.saveBarTitle}>{t('draw.saveTitle')}</strong>
        <NameInput
          className={styles.saveBarName}
          value={shownName}
          label={t('draw.name')}
          invalid={problem !== null}
          testId="save-aoi-name"
          onChange={(value) => {
            setName(value);
            setProblem(null);
          }}
          onEnter={() => void save()}
        />
        <TreeSelect<number>
          className={styles.saveBarFolder}
          value={chosenFolder}
          treeData={folders}
          treeDefaultExpandAll
          allowClear
          loading={tree.isLoading}
          placeholder={t('draw.folder')}
          aria-label={t('draw.folder')}
          data-testid="save-aoi-folder"
          popupMatchSelectWidth={false}
          onChange={(value) => {
            setFolder(value ?? null);
            setProblem(null);
          }}
        />
        <Button type="primary" loading={saving} data-testid="save-aoi-submit" onClick={() => void save()}>
          {t('draw.save')}
        </Button>
        <Button data-testid="save-aoi-cancel" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
      <div
        className={problem ? styles.saveBarProblem : styles.saveBarNote}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? (polygon.modified ? t('draw.reshaped') : modifiable ? t('draw.reshapeHint') : null)}
      </div>
    </section>
  );
}
