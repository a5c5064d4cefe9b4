/**
 * What the visitor is told as the mailbox lives, one toast per moment, so that the words and
 * their timing sit in one place and `useMailbox` reads as the life it runs.
 */
import { strings } from '@/content/strings';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Long enough to be read after looking away: the mailbox the visitor had is gone. */
const GONE_NOTICE_MS = 15_000;

export const created = (email: string) =>
  toast.success(strings.toasts.created, { description: email });
/** No mailbox could be made: how long to wait if rate-limited. */
export const createFailed = (error: unknown) =>
  toast.error(strings.common.error, { description: creationFailure(error) });
/** The domain chosen in 'Cambia dominio' makes no new address any more: another one is coming. */
export const domainUnavailable = (domain: string) =>
  toast.error(strings.domainMenu.unavailable, {
    description: strings.domainMenu.unavailableDescription(domain),
  });
/** The server could not be reached to confirm the stored mailbox. */
export const unreachable = () =>
  toast.error(strings.common.error, { description: strings.toasts.unreachable });
export const sharedOpened = (email: string) =>
  toast.success(strings.sharedLink.opened, { description: email });
export const sharedInvalid = () =>
  toast.error(strings.sharedLink.invalid, {
    description: strings.sharedLink.invalidDescription,
    duration: GONE_NOTICE_MS,
  });
export const expired = () =>
  toast.error(strings.toasts.expired, {
    description: strings.toasts.expiredDescription,
    duration: GONE_NOTICE_MS,
  });
export const extended = () =>
  toast.success(strings.toasts.extended, { description: strings.toasts.extendedDescription });
/** The extension reached the longest life: it was the last. */
export const extendedToLimit = () =>
  toast.success(strings.toasts.extended, {
    description: strings.toasts.extendedToLimitDescription,
  });
/** Nothing to extend: the address is at the end of its longest life. */
export const lifetimeReached = () =>
  toast.error(strings.toasts.lifetimeReached, {
    description: strings.toasts.lifetimeReachedDescription,
  });
export const extendFailed = () =>
  toast.error(strings.common.error, { description: strings.toasts.extendFailed });
export const deleted = () =>
  toast.success(strings.deleteNow.done, { description: strings.deleteNow.doneDescription });
export const deleteFailed = () =>
  toast.error(strings.common.error, { description: strings.deleteNow.failed });

function creationFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED')
    return strings.toasts.createFailed;
  return error.retryAfterSeconds === null
    ? strings.toasts.rateLimited
    : strings.toasts.rateLimitedFor(error.retryAfterSeconds);
}
