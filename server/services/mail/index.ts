// The development mailbox: mail kept in the database while SMTP_HOST is unset.
export { getMail } from './get-mail';
export { listMails } from './list-mails';
export { storeMail } from './store-mail';
