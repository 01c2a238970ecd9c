export { menusRoutes } from './menus.routes';
export { menuItems } from './menus.tables';
export { seedDemoMenus } from './seed-demo-menus';
export { shopMenu } from './shop-menu';
