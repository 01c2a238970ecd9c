export { messagingTestRoutes } from './messaging-test.routes';
export { otpSmsAvailable, sendOtpSms } from './send-otp-sms';
export { sendSms } from './send-sms';
export { smsRoutes } from './sms.routes';
