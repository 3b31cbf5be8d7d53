import { TranslationOutlined } from '@ant-design/icons';
import { Languages } from '@satportal/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n/language';
import { useLanguage } from '../hooks/useLanguage';
import { LazyDropdown } from './LazyDropdown';

/** The compact language switch of the left menu and the login page: a button opening en / 中文. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        // Each language is named in its own script, whatever the current one.
        items: Languages.map((l) => ({
          key: l,
          label: <span data-testid={`language-option-${l}`}>{t(`language.${l}`)}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Tooltip title={t('language.label')} placement="right">
        <Button
          type="text"
          icon={<TranslationOutlined />}
          aria-label={t('language.label')}
          data-testid="language-switch"
          data-language={language}
        >
          {t('language.short')}
        </Button>
      </Tooltip>
    </LazyDropdown>
  );
}
