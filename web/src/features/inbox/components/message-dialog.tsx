import type { AttachmentInfo, MessageSummary } from '@et/common';
import { FileDownIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { messageReader } from '@/content/message-reader';
import { strings } from '@/content/strings';
import { ApiError, isNotFound } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDownloadAttachment, useDownloadRawMessage } from '../api/download';
import { useMessage } from '../api/get-message';
import { findRemoteResources } from '../lib/mail-document';
import { senderInitial, senderLabel, subjectLabel } from '../lib/sender';
import { senderCheck } from '../lib/sender-check';
import { AttachmentList } from './attachment-list';
import { MessageHtml, RemoteContentNotice } from './message-html';
import { MessageText } from './message-text';
import { SenderMark } from './sender-mark';
import { TooComplexNotice } from './too-complex-notice';
import { VerificationActions } from './verification-actions';

export interface MessageDialogProps {
  token: string;
  /** The message to show; null closes the dialog. */
  message: MessageSummary | null;
  onClose: () => void;
  onDelete: (id: string) => void;
  deleting: boolean;
}

/** The reader: header, text or HTML view, attachments, '.eml' download. */
export function MessageDialog({ token, message, onClose, onDelete, deleting }: MessageDialogProps) {
  // Radix gives the focus back to a DialogTrigger; this dialog opens from an inbox row, so the
  // row is remembered here and focused again on close (when it still exists).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message && (
        <DialogContent
          data-slot="message-dialog"
          className="flex max-h-[80vh] max-w-3xl flex-col gap-0 p-0 sm:p-0"
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
            opener.current = null;
          }}
        >
          <MessageReader
            key={message.id}
            token={token}
            message={message}
            onDelete={onDelete}
            deleting={deleting}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function MessageReader({
  token,
  message,
  onDelete,
  deleting,
}: Omit<MessageDialogProps, 'message' | 'onClose'> & { message: MessageSummary }) {
  const detail = useMessage(token, message.id);
  const downloadAttachment = useDownloadAttachment(token);
  const downloadRaw = useDownloadRawMessage(token);
  const sender = senderLabel(message.from);

  useEffect(() => {
    // Spec: a failed detail fetch is only logged; the reader says it could not load.
    if (detail.error) console.error('Message detail failed', detail.error);
  }, [detail.error]);

  const handleDownload = (attachment: AttachmentInfo) => {
    downloadAttachment.mutate(
      { messageId: message.id, attachment },
      {
        onSuccess: () => toast.success(messageReader.toasts.downloaded),
        onError: (error) => {
          console.error('Attachment download failed', error);
          if (isNotFound(error)) toast.error(messageReader.toasts.noAttachment);
          else if (error instanceof ApiError && error.code === 'TOO_COMPLEX')
            toast.error(messageReader.toasts.attachmentTooComplex);
          else
            toast.error(strings.common.error, { description: messageReader.toasts.downloadFailed });
        },
      },
    );
  };

  const handleDownloadRaw = () => {
    downloadRaw.mutate(message.id, {
      onSuccess: () => toast.success(messageReader.toasts.emlDownloaded),
      onError: (error) => {
        console.error('Raw download failed', error);
        toast.error(strings.common.error, { description: messageReader.toasts.emlFailed });
      },
    });
  };

  const data = detail.data;
  const hasHtml = Boolean(data?.html);
  const defaultView = data && !data.text.trim() && hasHtml ? 'html' : 'text';
  // 'Mostra immagini' holds for this message only: the reader is keyed by the message's id, so
  // the next message opens with everything blocked again. Showing them also shows the HTML.
  const [allowRemote, setAllowRemote] = useState(false);
  const [view, setView] = useState<string | null>(null);
  const html = data?.html ?? null;
  const remote = useMemo(() => (html ? findRemoteResources(html) : null), [html]);
  const downloadingId = downloadAttachment.isPending
    ? (downloadAttachment.variables?.attachment.id ?? null)
    : null;

  return (
    <>
      <DialogHeader className="border-b p-5 pr-12 sm:p-6 sm:pr-14">
        <DialogTitle data-slot="message-subject" className="break-words">
          <bdi>{subjectLabel(message.subject)}</bdi>
        </DialogTitle>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          >
            {senderInitial(message.from)}
          </span>
          <DialogDescription asChild>
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-foreground">
                <span className="sr-only">{messageReader.message.from}: </span>
                <bdi>{sender}</bdi>
                {message.from.name && message.from.address && (
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    &lt;<bdi>{message.from.address}</bdi>&gt;
                  </span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                <span className="sr-only">{messageReader.message.received}: </span>
                <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt)}</time>
              </p>
            </div>
          </DialogDescription>
        </div>
      </DialogHeader>

      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-5 sm:p-6">
        <SenderMark check={senderCheck(message)} />
        <VerificationActions code={message.code} confirmLink={message.confirmLink} />
        {detail.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">{messageReader.message.loadingBody}</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">{messageReader.message.loadFailed}</p>
        ) : data.status === 'too-complex' ? (
          <TooComplexNotice onDownload={handleDownloadRaw} downloading={downloadRaw.isPending} />
        ) : hasHtml ? (
          <>
            {remote && (
              <RemoteContentNotice
                resources={remote}
                shown={allowRemote}
                onShow={() => {
                  setAllowRemote(true);
                  setView('html');
                }}
              />
            )}
            <Tabs value={view ?? defaultView} onValueChange={setView}>
              <TabsList aria-label={messageReader.message.viewsLabel}>
                <TabsTrigger value="text">{messageReader.message.textView}</TabsTrigger>
                <TabsTrigger value="html">{messageReader.message.htmlView}</TabsTrigger>
              </TabsList>
              <TabsContent value="text">
                <MessageText text={data.text} />
              </TabsContent>
              <TabsContent value="html">
                <MessageHtml html={data.html ?? ''} allowRemote={allowRemote} />
              </TabsContent>
            </Tabs>
          </>
        ) : (
          <MessageText text={data.text} />
        )}

        <AttachmentList
          attachments={data?.attachments ?? (detail.isPending ? undefined : [])}
          expected={message.hasAttachments}
          downloadingId={downloadingId}
          onDownload={handleDownload}
        />
      </div>

      <DialogFooter className="border-t p-4 sm:px-6">
        <Button
          type="button"
          variant="outline"
          onClick={handleDownloadRaw}
          disabled={downloadRaw.isPending}
          title={messageReader.message.downloadEmlLabel}
        >
          <FileDownIcon aria-hidden="true" />
          {messageReader.message.downloadEml}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => onDelete(message.id)}
          disabled={deleting}
        >
          <Trash2Icon aria-hidden="true" />
          {strings.message.delete}
        </Button>
        <DialogClose asChild>
          <Button type="button">{strings.common.close}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
