export { filesRoutes } from './files.routes';
export { files } from './files.tables';
export { type DemoImage, seedDemoFiles, storeDemoImage } from './seed-demo-files';
