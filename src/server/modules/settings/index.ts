export { auditSettingChanges } from './audit-setting-changes';
export { chatPopupRoutes } from './chat-popup.routes';
export { emailSettingsRoutes } from './email-settings.routes';
export { settingsRoutes } from './settings.routes';
export { systemSettingsRoutes } from './system-settings.routes';
export { type PageTheme, readPageTheme, requestPageTheme } from './theme-settings';
export { themeSettingsRoutes } from './theme-settings.routes';
export { websiteSettingsRoutes } from './website-settings.routes';
