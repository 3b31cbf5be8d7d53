import { InboxOutlined } from '@ant-design/icons';
import { type AoiNode, type AoiUploadResponse, ResultCode } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, TreeSelect, Typography, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { isApiError } from '../../api/errors';
import { messageOf } from '../../api/messages';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useRevealStore } from './revealStore';
import styles from './savedAreas.module.css';
import { type AreaTreeNode, buildTree, sortTree } from './tree';
import { uploadAccept, uploadProblem } from './uploadChecks';
import { useUploadDialogStore } from './uploadDialogStore';
import { useAoiTree, useMessageText, useViewArea } from './useSavedAreas';

/** Failures listed in the result; the counts are always complete. */
const listedFailures = 50;

type FolderOption = { value: number; title: string; children: FolderOption[] };

/**
 * The upload dialog (spec 001 §2): 1. storage location (an AOI folder, "My AOIs" by default; POIs
 * always go to "My POIs"), 2. a file dropped or chosen, checked here as the server checks it, then
 * uploaded; a result view, or the error with the file list cleared.
 */
export default function UploadDialog() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const close = useUploadDialogStore((s) => s.close);
  const tree = useAoiTree();
  const [folder, setFolder] = useState<number | null>(null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AoiUploadResponse | null>(null);
  const text = useMessageText();
  const [language] = useLanguage();
  const reveal = useRevealStore((s) => s.reveal);

  const roots = useMemo(() => sortTree(buildTree(tree.data ?? []), language), [tree.data, language]);
  const rootId = roots.find((r) => r.node.kind === 'root')?.node.id ?? null;
  const folders = useMemo(() => {
    const toOption = (entry: AreaTreeNode): FolderOption => ({
      value: entry.node.id,
      title: entry.node.kind === 'root' ? t('aoi.myAois') : entry.node.name,
      children: entry.children.filter((c) => c.node.kind === 'folder').map(toOption),
    });
    return roots.filter((r) => r.node.kind === 'root').map(toOption);
  }, [roots, t]);

  const upload = useMutation({
    mutationFn: (file: File) =>
      api.uploadAois(file, folder ?? rootId ?? -1, {
        handles: [ResultCode.ValidationFailed, ResultCode.NotFound, ResultCode.Conflict],
      }),
    onSuccess: async (data) => {
      setResult(data);
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.aois });
      // The new folder (or, for POIs only, the first POI) is shown where it landed, opened.
      const [firstPoi] = data.poiIds;
      if (data.folderId !== null) reveal({ tree: 'aois', id: data.folderId, open: true });
      else if (firstPoi !== undefined) reveal({ tree: 'pois', id: firstPoi, open: false });
    },
    onError: (failure) => {
      setFiles([]);
      if (isApiError(failure) && !failure.handled) {
        const { key, params } = messageOf(failure, (k) => i18n.exists(k));
        setError(text(key, params));
      }
    },
  });

  const start = (file: File) => {
    setError(null);
    const problem = uploadProblem(file);
    if (problem) {
      setFiles([]);
      setError(t(problem.key, problem.params));
      return;
    }
    setFiles([{ uid: 'upload', name: file.name, status: 'uploading' }]);
    upload.mutate(file);
  };

  return (
    <Modal
      open
      title={t(result ? 'upload.resultTitle' : 'upload.title')}
      footer={null}
      onCancel={close}
      destroyOnHidden
      maskClosable={!upload.isPending}
      width={520}
    >
      <div data-testid="upload-dialog">
        {result ? (
          <UploadResult result={result} onAgain={() => setResult(null)} />
        ) : (
          <>
            <section className={styles.uploadSection}>
              <h3 className={styles.uploadSectionTitle}>1. {t('upload.step1')}</h3>
              <div className={styles.uploadLocation}>
                <span>{t('upload.aoiFolder')}</span>
                <TreeSelect
                  value={folder ?? rootId ?? undefined}
                  treeData={folders}
                  treeDefaultExpandAll
                  disabled={upload.isPending}
                  onChange={(value: number) => setFolder(value)}
                  aria-label={t('upload.aoiFolder')}
                  data-testid="upload-folder"
                />
                <span>{t('upload.poiFolder')}</span>
                <span data-testid="upload-poi-folder">{t('aoi.myPois')}</span>
              </div>
            </section>
            <section className={styles.uploadSection}>
              <h3 className={styles.uploadSectionTitle}>2. {t('upload.step2')}</h3>
              <div data-testid="upload-drop">
                <Upload.Dragger
                  accept={uploadAccept}
                  multiple={false}
                  fileList={files}
                  disabled={upload.isPending || rootId === null}
                  showUploadList={{ showRemoveIcon: false }}
                  beforeUpload={(file) => {
                    start(file);
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">
                    {t(upload.isPending ? 'upload.uploading' : 'upload.drop')}
                  </p>
                  <p className="ant-upload-hint">{t('upload.hint')}</p>
                </Upload.Dragger>
              </div>
            </section>
            {error && <Alert type="error" showIcon title={error} data-testid="upload-error" />}
          </>
        )}
      </div>
    </Modal>
  );
}

/** Counts, failures with their reasons, and the way to see what was created. */
function UploadResult({ result, onAgain }: { result: AoiUploadResponse; onAgain(): void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const close = useUploadDialogStore((s) => s.close);
  const openPanel = usePanelStore((s) => s.open);
  const { viewAoi, viewPoi, mapReady } = useViewArea();

  const go = (panel: PanelId) => {
    openPanel(panel);
    close();
  };
  const single: { node: AoiNode; kind: 'aoi' | 'poi' } | null =
    result.aoiCount + result.poiCount !== 1
      ? null
      : result.onlyOneAoi
        ? { node: result.onlyOneAoi, kind: 'aoi' }
        : result.onlyOnePoi
          ? { node: result.onlyOnePoi, kind: 'poi' }
          : null;

  const counts = [
    { key: 'aoi', label: t('upload.aoiCount'), value: result.aoiCount },
    { key: 'poi', label: t('upload.poiCount'), value: result.poiCount },
    { key: 'fail', label: t('upload.failCount'), value: result.failAoiCount },
    ...(result.failPoiCount
      ? [{ key: 'failPoi', label: t('upload.failPoiCount'), value: result.failPoiCount }]
      : []),
    ...(result.ignoredCount
      ? [{ key: 'ignored', label: t('upload.ignoredCount'), value: result.ignoredCount }]
      : []),
  ];
  const failures = result.failures.slice(0, listedFailures);
  const unlisted = result.failAoiCount + result.failPoiCount - failures.length;

  return (
    <div data-testid="upload-result">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={counts.map(({ key, label, value }) => ({
          key,
          label,
          children: <span data-testid={`upload-${key}-count`}>{value}</span>,
        }))}
      />
      {result.noPrjAssumedWgs84 && (
        <Alert className={styles.uploadSection} type="warning" showIcon title={t('upload.noPrj')} />
      )}
      {(result.encodingWarnings ?? []).map((w) => (
        <Alert
          key={w.layer}
          className={styles.uploadSection}
          type="warning"
          showIcon
          data-testid="upload-encoding-warning"
          title={
            w.declared === null
              ? t('upload.encodingUndeclared', { layer: w.layer })
              : t('upload.encodingUnknown', { layer: w.layer, declared: w.declared })
          }
        />
      ))}
      {failures.length > 0 && (
        <>
          <Typography.Paragraph strong style={{ margin: '12px 0 4px' }}>
            {t('upload.failuresTitle')}
          </Typography.Paragraph>
          <ul className={styles.failures} data-testid="upload-failures">
            {failures.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: failures have no identity of their own
              <li key={i}>
                {t('upload.failureLine', {
                  shape: f.part === null ? f.name : t('upload.failurePart', { name: f.name, part: f.part }),
                  reason: text(f.reason, f.params),
                })}
              </li>
            ))}
            {unlisted > 0 && <li>{t('upload.more', { count: unlisted })}</li>}
          </ul>
        </>
      )}
      <div className={styles.resultActions}>
        {single && (
          <Button
            type="primary"
            disabled={!mapReady}
            onClick={() => {
              if (single.kind === 'aoi') void viewAoi(single.node);
              else viewPoi(single.node);
              close();
            }}
            data-testid="upload-view"
          >
            {t(single.kind === 'aoi' ? 'upload.viewAoi' : 'upload.viewPoi')}
          </Button>
        )}
        {!single && result.aoiCount > 0 && (
          <Button type="primary" onClick={() => go(PanelId.AoiCentre)} data-testid="upload-go-aois">
            {t('upload.goAoiCentre')}
          </Button>
        )}
        {!single && result.poiCount > 0 && (
          <Button onClick={() => go(PanelId.PoiCentre)} data-testid="upload-go-pois">
            {t('upload.goPoiCentre')}
          </Button>
        )}
        <Button onClick={onAgain} data-testid="upload-again">
          {t('upload.again')}
        </Button>
      </div>
    </div>
  );
}
