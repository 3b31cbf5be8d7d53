import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Limits } from '@satportal/contract';
import { AutoComplete, Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSaveTag } from './orderCentre';
import styles from './orders.module.css';
import { useOrderChanges, useOrderTags } from './useOrders';

/** Tag management (spec 001 §2): view; add and rename type a tag; change picks one of the user's tags. */
type Mode = 'view' | 'add' | 'rename' | 'change';

/** The order's tag with its modes; delete asks first; Save waits for a tag of 1–30 characters. */
export function OrderTagEditor({ orderId, tag }: { orderId: number; tag: string | null }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const { setTag, deleteTag } = useOrderChanges(orderId);
  const tags = useOrderTags();
  const [mode, setMode] = useState<Mode>('view');
  const [typed, setTyped] = useState('');

  const edit = (next: Mode) => {
    setTyped(next === 'rename' ? (tag ?? '') : '');
    setMode(next);
  };
  const save = async () => {
    try {
      await setTag.mutateAsync(typed);
      setMode('view');
    } catch {
      // the client has said why; the editor stays open to change the tag
    }
  };
  const confirmDelete = () =>
    void modal.confirm({
      title: t('orderCentre.tagDeleteTitle'),
      content: t('orderCentre.tagDeleteContent', { tag: tag ?? '' }),
      okText: t('aoi.delete'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'order-tag-delete-ok' } as object) },
      cancelText: t('common.cancel'),
      onOk: () => deleteTag.mutateAsync().catch(() => undefined),
    });

  if (mode === 'view') {
    return (
      <div className={styles.tagRow} data-testid="order-tag-view">
        {modalHolder}
        {tag ? (
          <Tag className={styles.tag} data-testid="order-detail-tag">
            {tag}
          </Tag>
        ) : (
          <span className={styles.muted}>{t('orderCentre.tagNone')}</span>
        )}
        <Space size={0} wrap>
          {tag === null ? (
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              onClick={() => edit('add')}
              data-testid="order-tag-add"
            >
              {t('orderCentre.tagAdd')}
            </Button>
          ) : (
            <>
              <Button
                size="small"
                type="link"
                icon={<EditOutlined />}
                onClick={() => edit('rename')}
                data-testid="order-tag-rename"
              >
                {t('aoi.rename')}
              </Button>
              <Button
                size="small"
                type="link"
                icon={<SwapOutlined />}
                onClick={() => edit('change')}
                data-testid="order-tag-change"
              >
                {t('orderCentre.tagChange')}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                icon={<DeleteOutlined />}
                loading={deleteTag.isPending}
                onClick={confirmDelete}
                data-testid="order-tag-delete"
              >
                {t('aoi.delete')}
              </Button>
            </>
          )}
        </Space>
      </div>
    );
  }

  const choices = (tags.data?.list ?? []).map((entry) => entry.tag).filter((name) => name !== tag);
  return (
    <div className={styles.tagRow} data-testid={`order-tag-${mode}-form`}>
      {mode === 'change' ? (
        <AutoComplete
          className={styles.tagInput}
          value={typed}
          onChange={(value: string) => setTyped(value.slice(0, Limits.tagMax))}
          options={choices
            .filter((name) => name.toLowerCase().includes(typed.trim().toLowerCase()))
            .map((name) => ({ value: name }))}
          placeholder={t('orderCentre.tagPlaceholder')}
          maxLength={Limits.tagMax}
          autoFocus
          data-testid="order-tag-input"
        />
      ) : (
        <Input
          className={styles.tagInput}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={() => canSaveTag(typed) && void save()}
          placeholder={t('orderCentre.tagPlaceholder')}
          maxLength={Limits.tagMax}
          showCount
          autoFocus
          data-testid="order-tag-input"
        />
      )}
      <Button
        size="small"
        type="primary"
        disabled={!canSaveTag(typed)}
        loading={setTag.isPending}
        onClick={() => void save()}
        data-testid="order-tag-save"
      >
        {t('draw.save')}
      </Button>
      <Button size="small" onClick={() => setMode('view')} data-testid="order-tag-cancel">
        {t('common.cancel')}
      </Button>
    </div>
  );
}
