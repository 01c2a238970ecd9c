export { seedDemoSliders } from './seed-demo-sliders';
export { activeHomeSlider } from './sliders.queries';
export { slidersRoutes } from './sliders.routes';
export { sliders, slides } from './sliders.tables';
