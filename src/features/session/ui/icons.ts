// Icons the sign-in screens need that the kit's set (src/ui/icons.ts) does not have yet, named the kit's way and
// imported per icon. They belong in src/ui/icons.ts; they live here until the kit takes them.
export {
  Mail as MailIcon,
  MailCheck as MailSentIcon,
  ShieldCheck as SecureIcon,
  Wrench as MaintenanceIcon,
} from 'lucide-react';
