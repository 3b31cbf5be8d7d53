import { type Language, Languages } from '@satportal/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/hooks/useLanguage';

/** The account centre's language setting: both choices in view. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <Segmented<Language>
      data-testid="account-language"
      value={language}
      onChange={(l) => void setLanguage(l)}
      options={Languages.map((l) => ({
        value: l,
        label: <span data-testid={`account-language-${l}`}>{t(`language.${l}`)}</span>,
      }))}
    />
  );
}
