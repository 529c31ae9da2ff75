/** Public entry of the mail module. */
export { createMailer, type MailMessage, type Mailer } from './service';
