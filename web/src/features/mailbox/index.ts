/** Public face of the mailbox feature: the app composes these; other features never import them. */
export { AddressCard } from './components/address-card';
export { CountdownCard } from './components/countdown-card';
export { DeleteNowButton } from './components/delete-now-button';
export { OpenOnPhoneButton } from './components/open-on-phone-button';
export { SharedMailboxQuestion } from './components/shared-mailbox-question';
export { useMailbox, type MailboxController, type MailboxPhase } from './hooks/use-mailbox';
