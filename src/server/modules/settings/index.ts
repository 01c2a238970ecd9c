export { settingsRoutes } from './settings.routes';
export { websiteSettingsRoutes } from './website-settings.routes';
