export { presentFile } from './files.presenter';
export type { FileRow } from './files.queries';
export { filesRoutes } from './files.routes';
export { files } from './files.tables';
export { type DemoImage, seedDemoFiles, storeDemoImage } from './seed-demo-files';
export { type ImageUpload, storeImage } from './store-image';
