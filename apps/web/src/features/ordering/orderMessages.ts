import { type Language, ResultCode } from '@satportal/contract';
import type { ApiError } from '../../api/errors';
import { messageOf, translateNested } from '../../api/messages';
import { formatNumber } from '../../shared/format/numbers';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** An order refusal shown in the dialog, and whether enlarging the AOI may cure it. */
export interface OrderRefusal {
  text: string;
  /** 4151 / 4156: a group is below its minimum area or width. */
  belowMinimum: boolean;
}

const numberParam = (value: string | number | undefined, language: Language) =>
  typeof value === 'number' ? formatNumber(value, language, 2) : (value ?? '');

/**
 * The dialog's text for a refused order (spec 001 §8): 4151 `order.tipMinArea` naming the group
 * and the minimum area; 4156 `order.tipOut1` / `order.tipOut2` around the group name when out of
 * range, the width and its minimum when too narrow; any other `order.*` key as the server sent it.
 */
export function orderRefusal(
  error: ApiError,
  language: Language,
  hasTranslation: (key: string) => boolean,
  t: Translate,
): OrderRefusal {
  const params = error.params ?? {};
  const group = String(params.group ?? '');
  if (error.code === ResultCode.AreaBelowMinimum && error.messageKey === 'order.tipMinArea')
    return {
      belowMinimum: true,
      text: t('order.tipMinArea', {
        group,
        minimum: numberParam(params.minimum, language),
        area: numberParam(params.area, language),
      }),
    };
  if (error.code === ResultCode.OutOfGroupRange && error.messageKey === 'order.tipOut')
    return {
      belowMinimum: true,
      text:
        params.reason === 'width'
          ? t('order.tipOutWidth', {
              group,
              width: numberParam(params.width, language),
              minimumWidth: numberParam(params.minimumWidth, language),
            })
          : `${t('order.tipOut1')} ${group}${t('order.tipOut2')}`,
    };
  // Another 4151 (order.cannotEnlarge) is said as the server keys it; enlarging will not cure it.
  const { key, params: shown } = messageOf(error, hasTranslation);
  return { belowMinimum: false, text: t(key, translateNested(shown, hasTranslation, t)) };
}
