import {
  AimOutlined,
  BellOutlined,
  DatabaseOutlined,
  GatewayOutlined,
  ProfileOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withLaterMessages } from '../../i18n';
import type { TranslationKey } from '../../i18n/keys';
import { PanelId } from '../../shared/panelStore';

export interface PanelDefinition {
  id: PanelId;
  titleKey: TranslationKey;
  Icon: ComponentType;
  /** Loaded when first opened, to keep the workspace's first load small. */
  Content: LazyExoticComponent<ComponentType>;
}

/** The left menu, in the spec's order; each panel's content lives in its feature folder. */
export const panels: readonly PanelDefinition[] = [
  {
    id: PanelId.AoiCentre,
    titleKey: 'panel.aoiCentre',
    Icon: GatewayOutlined,
    Content: lazy(withLaterMessages(() => import('../saved-areas/AoiCentrePanel'))),
  },
  {
    id: PanelId.SearchCentre,
    titleKey: 'panel.searchCentre',
    Icon: SearchOutlined,
    Content: lazy(withLaterMessages(() => import('../search/SearchCentrePanel'))),
  },
  {
    id: PanelId.PoiCentre,
    titleKey: 'panel.poiCentre',
    Icon: AimOutlined,
    Content: lazy(withLaterMessages(() => import('../saved-areas/PoiCentrePanel'))),
  },
  {
    id: PanelId.MyData,
    titleKey: 'panel.myData',
    Icon: DatabaseOutlined,
    Content: lazy(withLaterMessages(() => import('../my-data/MyDataPanel'))),
  },
  {
    id: PanelId.OrderCentre,
    titleKey: 'panel.orderCentre',
    Icon: ProfileOutlined,
    Content: lazy(withLaterMessages(() => import('../orders/OrderCentrePanel'))),
  },
  {
    id: PanelId.AccountCentre,
    titleKey: 'panel.accountCentre',
    Icon: UserOutlined,
    Content: lazy(withLaterMessages(() => import('../account/AccountCentrePanel'))),
  },
  {
    id: PanelId.SubscriptionCentre,
    titleKey: 'panel.subscriptionCentre',
    Icon: BellOutlined,
    Content: lazy(withLaterMessages(() => import('../subscriptions/SubscriptionCentrePanel'))),
  },
];
