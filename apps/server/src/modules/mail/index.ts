/** Public entry of the mail module. */
export { createMailer, type MailerDeps, type MailMessage, type Mailer } from './service';
