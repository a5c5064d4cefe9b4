/** Public face of the mailbox feature: the app composes these; other features never import them. */
export { AddressCard } from './components/address-card';
export { CountdownCard } from './components/countdown-card';
export { useMailbox, type MailboxController, type MailboxPhase } from './hooks/use-mailbox';
