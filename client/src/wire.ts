/**
 * The API's wire shapes, as the service itself defines them (`common/` of its repository). The
 * build copies their declarations into the package (`dist/common.d.ts`), so the published
 * package depends on nothing at run time.
 */
export type {
  Address,
  AttachmentInfo,
  AuthResult,
  CreatedMailbox,
  DeliveryRefusal,
  ErrorBody,
  ErrorCode,
  FeedMessage,
  MailboxEvent,
  MailboxInfo,
  MessageAuthentication,
  MessageDetail,
  MessageFeed,
  MessageList,
  MessageSummary,
  RefusalList,
  RefusalReason,
} from '@et/common';
