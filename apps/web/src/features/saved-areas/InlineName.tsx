import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { useToast } from '../../shared/ui/toast';
import { nameProblem } from './names';
import styles from './savedAreas.module.css';

interface InlineNameProps {
  initial: string;
  placeholderKey: TranslationKey;
  /** The key said when the name is empty (tip.aoiName, poi.tipAOIname, poi.tipPOIname). */
  emptyKey: TranslationKey;
  /** Resolves true when saved (the row then closes), false when refused (it stays for another try). */
  onConfirm(name: string): Promise<boolean>;
  onCancel(): void;
}

/**
 * The inline name row of the trees (create folder, rename): confirm with ✓ or Enter, cancel with
 * ✗ or Escape. The name is checked as the server checks it before anything is sent.
 */
export function InlineName({ initial, placeholderKey, emptyKey, onConfirm, onCancel }: InlineNameProps) {
  const { t } = useTranslation();
  const message = useToast();
  const [name, setName] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => input.current?.focus({ cursor: 'all' }), []);

  const confirm = async () => {
    const problem = nameProblem(name, emptyKey);
    if (problem) {
      setInvalid(true);
      // One toast per message: a new message must not replace one that is already fading out.
      void message.error({ key: `inline-name:${problem.key}`, content: t(problem.key, problem.params) });
      return;
    }
    setSaving(true);
    const saved = await onConfirm(name).finally(() => setSaving(false));
    if (!saved) setInvalid(true);
  };

  return (
    // The tree must not take clicks and keys typed here as its own (select, expand, navigate).
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops events from reaching the tree
    <span
      className={styles.inlineName}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      data-testid="area-name-editor"
    >
      <Input
        ref={input}
        size="small"
        value={name}
        maxLength={200}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-label={t(placeholderKey)}
        placeholder={t(placeholderKey)}
        onChange={(event) => {
          setName(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void confirm();
          if (event.key === 'Escape') onCancel();
        }}
        data-testid="area-name-input"
      />
      <Button
        size="small"
        type="text"
        icon={<CheckOutlined />}
        loading={saving}
        aria-label={t('common.confirm')}
        onClick={() => void confirm()}
        data-testid="area-name-confirm"
      />
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label={t('common.cancel')}
        onClick={onCancel}
        data-testid="area-name-cancel"
      />
    </span>
  );
}
