import type { CartReply } from './cart';
import type { CardSandboxProps, CheckoutPageProps, PaymentPageProps, PlacedOrderView } from './checkout';
import type { PartnerCheckoutProps, PartnerCreditPageProps } from './credit';
import type {
  AreaAddressesProps,
  AreaDashboardProps,
  AreaOrderProps,
  AreaOrdersProps,
  AreaProfileProps,
} from './customer-areas';
import type { OrderLinkGateProps } from './orders';
import type { PatientRecordsProps } from './patients';
import type {
  ShopDisplay,
  ShopListView,
  ShopMenuItem,
  ShopProductCard,
  ShopProductDetail,
  ShopSeo,
} from './shop-catalogue';

/** What the server hands the storefront renderer for one page (SSR, then hydration). */
export type ShopViewer = {
  name: string;
  email: string;
  active_role: string | null;
  roles: string[];
  dashboard_url: string | null;
};

export type HomeSlide = {
  id: number;
  title: string;
  description: string;
  link: string;
  image_path: string | null;
};

/**
 * What the home page's slider shows: the slides, 'empty' when the home slider holds none,
 * 'error' when it could not be loaded, 'none' when the shop has no home slider.
 */
export type HomeSliderState = 'ready' | 'empty' | 'error' | 'none';

export type ShopPageState =
  | {
      page: 'home';
      props: {
        site_name: string;
        description: string;
        /** The first active slider's slides (spec 3 §3 Slider), in order; empty when none. */
        slides: HomeSlide[];
        slider_state: HomeSliderState;
        /** Featured products under the slider, priced for the visitor (issue 14). */
        featured: ShopProductCard[];
        display: ShopDisplay;
      };
    }
  | { page: 'products'; props: ShopListView & { display: ShopDisplay } }
  | { page: 'product'; props: ShopProductDetail & { display: ShopDisplay } }
  | {
      page: 'login';
      /** sms_enabled: the shop can send sign-in codes now (docs/decisions/0056). */
      props: { redirect: string | null; status: string | null; sms_enabled: boolean };
    }
  /** A magic link's page (DECISIONS 4): who it signs in as, masked; null when it no longer works. */
  | { page: 'magic-link'; props: { token: string; masked_email: string | null } }
  | { page: 'register'; props: Record<string, never> }
  | { page: 'forgot-password'; props: Record<string, never> }
  | { page: 'reset-password'; props: { token: string; email: string } }
  | { page: 'account'; props: { role: string } }
  | { page: 'area-dashboard'; props: AreaDashboardProps }
  | { page: 'area-orders'; props: AreaOrdersProps }
  | { page: 'area-order'; props: AreaOrderProps }
  | { page: 'area-profile'; props: AreaProfileProps }
  | { page: 'area-addresses'; props: AreaAddressesProps }
  | { page: 'patient-records'; props: PatientRecordsProps }
  | { page: 'order-link'; props: OrderLinkGateProps }
  | { page: 'cart'; props: { cart: CartReply; currency_symbol: string } }
  | { page: 'contact'; props: Record<string, never> }
  | { page: 'checkout'; props: CheckoutPageProps }
  | { page: 'partner-checkout'; props: PartnerCheckoutProps }
  | { page: 'partner-credit'; props: PartnerCreditPageProps }
  | { page: 'order-confirmation'; props: { order: PlacedOrderView } }
  | { page: 'payment'; props: PaymentPageProps }
  | { page: 'card-sandbox'; props: CardSandboxProps }
  | { page: 'error'; props: { status: number; message: string } };

/**
 * What the shop says while the admin has switched online ordering off (system settings,
 * online_shop_enabled; docs/decisions/0060): the catalogue stays open, buying does not.
 */
export const ORDERING_CLOSED_MESSAGE =
  'Online ordering is closed at the moment. You can still browse the catalogue.';

export type ShopDocument = ShopPageState & {
  site_name: string;
  /** False while online_shop_enabled is off: no adding to the cart, no checkout. */
  ordering_open: boolean;
  /** Units in the visitor's cart, for the header's count. */
  cart_count: number;
  /** The active theme's logo (spec 2 §3 Theme settings); the colours arrive as CSS variables. */
  theme: { name: 'default' | 'clinic'; logo_url: string | null };
  viewer: ShopViewer | null;
  /** The menu manager's active items (spec 3 §7), for the shop's navigation. */
  menu: ShopMenuItem[];
  /** The page's path (no query), for the menu's current item. */
  path: string;
  /** Title, description, canonical URL, Open Graph and JSON-LD of a catalogue page; null elsewhere. */
  seo: ShopSeo | null;
};
