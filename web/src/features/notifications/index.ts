/** Public face of the notifications feature: the app composes these; other features never import them. */
export { NotificationToggleSlot } from './components/notification-toggle-slot';
export { notifyNewMail } from './lib/notify-new-mail';
