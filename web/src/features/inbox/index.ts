/** Public face of the inbox feature: the app composes it; other features never import it. */
export { Inbox, type InboxProps } from './components/inbox';
