export { messagingTestRoutes } from './messaging-test.routes';
export { sendSms } from './send-sms';
export { smsRoutes } from './sms.routes';
