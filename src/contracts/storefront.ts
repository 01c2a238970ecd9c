/** What the server hands the storefront renderer for one page (SSR, then hydration). */
export type ShopViewer = {
  name: string;
  email: string;
  active_role: string | null;
  roles: string[];
  dashboard_url: string | null;
};

export type ShopPageState =
  | { page: 'home'; props: { site_name: string; description: string } }
  | { page: 'login'; props: { redirect: string | null; status: string | null } }
  | { page: 'register'; props: Record<string, never> }
  | { page: 'forgot-password'; props: Record<string, never> }
  | { page: 'reset-password'; props: { token: string; email: string } }
  | { page: 'account'; props: { role: string } }
  | { page: 'error'; props: { status: number; message: string } };

export type ShopDocument = ShopPageState & {
  site_name: string;
  viewer: ShopViewer | null;
};
