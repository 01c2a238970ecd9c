export { patientAreaRoutes } from './patient-area.routes';
export { patientsRoutes } from './patients.routes';
export { patientRecords } from './patients.tables';
export { seedDemoPatientRecords } from './seed-demo-patients';
