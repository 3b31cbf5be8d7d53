import { LinkOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/toast';
import { type Place, placeLink } from './place';

/**
 * Copies the link of a place (an order, a subscription: issue 28 #6), as Copernicus Browser and
 * UP42 offer: the place alone, not the search or scene beside it, so the link outlives them. It
 * opens the place for a signed-in user of the same account and nothing for anyone else.
 */
export function CopyLinkButton({ place, label, testId }: { place: Place; label: string; testId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(placeLink(window.location.origin, place));
      void toast.success({ key: 'place-link', content: t('place.linkCopied') });
    } catch {
      void toast.error({ key: 'place-link', content: t('place.copyFailed') });
    }
  };
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        icon={<LinkOutlined />}
        aria-label={label}
        onClick={() => void copy()}
        data-testid={testId}
      >
        {t('place.copyLink')}
      </Button>
    </Tooltip>
  );
}
